"""How the `cardkit` command reports a fault: in the reader's language (gettext's variables,
`cardkit.messages`), click's `Error:` prefix and usage hint included. The library raises its
own exceptions with `Message` sentences; the commands turn them into these, and click's own
usage errors (a missing option, an unknown one) are turned into them at the entry point."""

from __future__ import annotations

import re

import click

from cardkit.messages import Catalogue, Message, reader_catalogue, say_exception


class Failure(click.ClickException):
    """A fault that stops a command, said in the reader's language: exit code 1."""

    exit_code = 1

    def __init__(self, message: Message | str | BaseException, *more: Message | str):
        """`message` (an exception says its own), then each of `more` on a line of its own."""
        self.sentences = (message, *more)
        super().__init__("\n".join(self._said(Catalogue.ENGLISH)))

    def _said(self, catalogue: Catalogue) -> list[str]:
        return [say_exception(sentence, catalogue) if isinstance(sentence, BaseException)
                else catalogue.say(sentence) for sentence in self.sentences]

    def said(self, catalogue: Catalogue) -> str:
        return "\n".join(self._said(catalogue))

    def show(self, file=None) -> None:
        catalogue = reader_catalogue()
        click.echo(catalogue.say(Message("Error: {message}", message=self.said(catalogue))),
                   file=file, err=file is None)


class UsageError(Failure):
    """A mistake in how cardkit was called, or a folder it cannot use: exit code 2."""

    exit_code = 2


class WriteError(Failure):
    """A file could not be written; what was there before is unchanged: exit code 1."""


NOTHING_WRITTEN = Message("nothing was written")


class ClickUsageError(Failure):
    """One of click's own usage errors (a missing or unknown option, a bad value), said in
    the reader's language with its usage line and help hint."""

    def __init__(self, error: click.ClickException):
        self.error = error
        self.exit_code = error.exit_code
        super().__init__(_click_sentence(error))

    def show(self, file=None) -> None:
        catalogue = reader_catalogue()
        if catalogue is Catalogue.ENGLISH:
            self.error.show(file)
            return
        context = getattr(self.error, "ctx", None)
        if context is not None:
            pieces = " ".join(context.command.collect_usage_pieces(context))
            click.echo(catalogue.say(Message("Usage: {command} {arguments}", command=context.command_path,
                                             arguments=pieces)), file=file, err=file is None)
            help_names = context.command.get_help_option_names(context)
            if context.command.get_help_option(context) is not None and help_names:
                click.echo(catalogue.say(Message("Try '{command} {option}' for help.",
                                                 command=context.command_path,
                                                 option=max(help_names, key=len))) + "\n",
                           file=file, err=file is None)
        super().show(file)


def _click_sentence(error: click.ClickException) -> Message | str:
    """The sentence of one of click's usage errors as a Message, where cardkit knows its
    kind; click's own English otherwise."""
    context = getattr(error, "ctx", None)
    if isinstance(error, click.MissingParameter) and error.param is not None and context is not None:
        name = error.param.get_error_hint(context)
        if error.param.param_type_name == "argument":
            return Message("Missing argument {name}.", name=name)
        return Message("Missing option {name}.", name=name)
    if isinstance(error, click.NoSuchOption):
        return _with_possibilities(Message("No such option {name}.", name=repr(error.option_name)),
                                   error.possibilities)
    if isinstance(error, click.NoSuchCommand):
        return _with_possibilities(Message("No such command {name}.", name=repr(error.command_name)),
                                   error.possibilities)
    if isinstance(error, click.BadParameter) and error.param is not None and context is not None:
        reason = getattr(error, "sentence", None) or _refused_choice(error) or error.message
        return Message("Invalid value for {name}: {reason}", name=error.param.get_error_hint(context),
                       reason=reason)
    return error.format_message()


def _with_possibilities(sentence: Message, possibilities: list[str] | None) -> Message:
    if not possibilities:
        return sentence
    if len(possibilities) == 1:
        return Message("{sentence} Did you mean {name}?", sentence=sentence, name=possibilities[0])
    return Message("{sentence} (Possible options: {names})", sentence=sentence,
                   names=", ".join(sorted(possibilities)))


_CHOICE = re.compile(r"(?P<value>.*) is not (?:one of )?(?P<choices>.*)\.", re.DOTALL)


def _refused_choice(error: click.BadParameter) -> Message | None:
    """A value not among an option's choices, as click words it (`'x' is not one of 'po',
    'xliff'.`), said again; None for any other reason."""
    found = _CHOICE.fullmatch(error.message) if isinstance(error.param.type, click.Choice) else None
    if found is None:
        return None
    return Message("{value} is not one of {choices}.", value=found["value"], choices=found["choices"])


class BadValue(click.BadParameter):
    """A value of an option that cardkit refuses, its reason a Message."""

    def __init__(self, reason: Message, param: click.Parameter | None = None):
        self.sentence = reason
        super().__init__(str(reason), param=param)


def translated(error: click.ClickException) -> click.ClickException:
    """The error as cardkit shows it: its own as they are, click's said in the reader's
    language."""
    return error if isinstance(error, Failure) else ClickUsageError(error)

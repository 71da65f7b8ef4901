"""The fits and fit budgets of faces: from the face cache where it holds them under the
face's fit key, else laid out (fit.py) and stored there. The build's plan, the fit budgets
of the exchange files and checks (budgets.py) and the workbench all ask here, so a face is
fitted once under one key (faces/cache.py `fit_key`) whoever asks first.

The build lays its faces out in worker processes, which hand their fits back to the build's
own process; it stores them with `Fitting.keep`, so every write to the cache is made here."""

from __future__ import annotations

from collections.abc import Collection

from cardkit.faces.cache import (FaceCache, Fit, budget_key, cached_budgets, cached_fits, encode_budgets,
                                 encode_fits, fit_key)
from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Face, Printed
from cardkit.render.renderer import Renderer


class Fitting:
    """Fits and budgets through one renderer and one face cache."""

    def __init__(self, renderer: Renderer, store: FaceCache):
        self.renderer = renderer
        self.store = store

    def key(self, context: LanguageContext, face: Face, natural: str | None = None) -> str:
        """The face's fit key: its HTML at natural sizes (`natural`, when the caller has it)
        with the stylesheets and fonts."""
        return fit_key(self.renderer, natural if natural is not None else face_html(context, Printed(face, {})))

    def cached(self, key: str) -> list[Fit] | None:
        """The fits the cache holds whole under `key`, or None."""
        return cached_fits(self.store, key)

    def fits(self, context: LanguageContext, face: Face, key: str | None = None) -> list[Fit]:
        """The face's fits: from the cache, else laid out now and stored."""
        natural = None
        if key is None:
            natural = face_html(context, Printed(face, {}))
            key = self.key(context, face, natural)
        fits = self.cached(key)
        return fits if fits is not None else self.fit(context, face, natural).fits

    def fit(self, context: LanguageContext, face: Face, natural: str | None = None):
        """Lays the face out now (its text may be a draft the cache cannot hold yet) and
        stores its fits under its key; returns the fitted face (fit.FittedFace)."""
        from cardkit.render.fit import fit_face  # lays faces out: only when one is fitted

        natural = natural if natural is not None else face_html(context, Printed(face, {}))
        fitted = fit_face(self.renderer, context, face, natural)
        self.keep(self.key(context, face, natural), fitted.fits)
        return fitted

    def keep(self, key: str, fits: list[Fit]) -> None:
        """Stores fits laid out elsewhere (a build's worker process) under their fit key."""
        self.store.put(key, encode_fits(fits))

    def budgets(self, context: LanguageContext, fit_keys: dict[str, str],
                measuring: Collection[str] | None = None) -> dict[str, dict[str, int]]:
        """The fit budgets of the faces in `fit_keys` (face id: its fit key, `key`), by face
        id: from the cache; those it lacks measured together and stored if they are among
        `measuring` (default: all), left out otherwise."""
        found, missing = {}, []
        for face_id, key in fit_keys.items():
            budgets = cached_budgets(self.store, budget_key(key))
            if budgets is not None:
                found[face_id] = budgets
            elif measuring is None or face_id in measuring:
                missing.append(face_id)
        if missing:
            from cardkit.render.fit import measure_budgets

            for picture in (context.pictures[face_id] for face_id in missing if face_id in context.pictures):
                self.renderer.fetcher.pictures[picture.url] = (picture.data, picture.media_type)
            measured = measure_budgets(self.renderer, context, [context.face(face_id) for face_id in missing])
            for face_id in missing:
                found[face_id] = measured.get(face_id, {})
                self.keep_budgets(budget_key(fit_keys[face_id]), found[face_id])
        return found

    def keep_budgets(self, key: str, budgets: dict[str, int]) -> None:
        """Stores budgets measured elsewhere (a build's worker process) under their key."""
        self.store.put(key, encode_budgets(budgets))

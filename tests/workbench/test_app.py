"""The workbench over HTTP: the page, the API, and what the guard refuses."""

from __future__ import annotations

import json
import os
import re
import socket

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.workbench.app import BODY_LIMIT, create_app
from cardkit.workbench.security import TOKEN_HEADER
from cardkit.workbench.server import bind, own_hosts
from tests.workbench.conftest import PROJECT

TOKEN = "session-token"
OWN = {"Origin": "http://testserver", TOKEN_HEADER: TOKEN}
PUNISH = "powers.punish.text"


@pytest.fixture
def client(workbench):
    with TestClient(create_app(workbench, {"testserver"}, TOKEN)) as client:
        yield client


@pytest.fixture(scope="module")
def reader(shared_workbench):
    """A client for the tests that write nothing."""
    with TestClient(create_app(shared_workbench, {"testserver"}, TOKEN)) as client:
        yield client


def current_text(client) -> tuple[str, str]:
    card = client.get("/api/cards/iron-matron").json()
    field = next(field for field in card["fields"] if field["path"] == PUNISH)
    return field["text"], card["version"]


def test_the_page_holds_the_token_and_labels_from_the_catalogue(reader):
    page = reader.get("/")

    assert page.status_code == 200
    assert f'<meta name="cardkit-token" content="{TOKEN}">' in page.text
    assert "<title>Übersetzungswerkbank · de</title>" in page.text
    labels = json.loads(re.search(r'<script type="application/json" id="labels">(.*?)</script>',
                                  page.text).group(1))
    assert labels["confirm"] == "Speichern und bestätigen"
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_cards_are_listed(reader):
    cards = {card["card_id"]: card for card in reader.get("/api/cards").json()["cards"]}

    # every game's cards
    assert cards.keys() == load_database(PROJECT)[0].cards.keys()
    assert cards["iron-matron"]["state"] == "translated"


def test_checking_a_draft(reader):
    response = reader.post("/api/check", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": "Wann immer dein Gegner genau 3 Karten hat."})

    assert response.status_code == 200
    [problem] = response.json()["problems"]
    assert problem["code"] == "number-mismatch"
    # the English message for programs, the German one the page shows
    assert problem["message"] == ("powers.punish.text: numbers differ from the English text: 3 here, "
                                  "1, 20, 31, 42 in English")
    assert problem["translation"] == {
        "language": "de", "message": "powers.punish.text: Zahlen weichen vom englischen Text ab: "
                                     "3 hier, 1, 20, 31, 42 im Englischen"}


def test_saving_and_a_conflict(client, project):
    text, version = current_text(client)
    saved = client.post("/api/save", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": text + " Sofort.", "version": version,
        "base": text, "confirm": False})
    assert saved.status_code == 200
    assert saved.json()["state"] == "stale"

    again = client.post("/api/save", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": "Andere Fassung.", "version": version,
        "base": text, "confirm": False})

    assert again.status_code == 409
    conflict = again.json()["conflict"]
    assert conflict["mine"] == "Andere Fassung." and conflict["theirs"] == text + " Sofort."
    assert conflict["version"] == saved.json()["version"]


def test_a_save_says_in_the_workbench_s_language_what_it_took_off(reader):
    text, version = current_text(reader)

    response = reader.post("/api/save", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": text + " ", "version": version,
        "base": text, "confirm": False})

    assert response.status_code == 200
    assert response.json()["notes"] == [
        f"iron-matron.{PUNISH}: Leerraum an den Enden von {text + ' '!r} entfernt"]


def test_an_invalid_save_is_refused_with_its_reason(reader):
    text, version = current_text(reader)

    response = reader.post("/api/save", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": "Genau 3 Karten.", "version": version,
        "base": text, "confirm": True})

    assert response.status_code == 422
    # in the workbench's language (German here), the code as it is
    assert response.json()["message"].startswith(
        "ein Text mit Fehlern kann nur unbestätigt gespeichert werden: number-mismatch: ")


@pytest.mark.parametrize("headers, reason", [
    ({"Origin": "http://evil.example", TOKEN_HEADER: TOKEN}, "another site (Origin)"),
    ({"Origin": "http://testserver"}, "this session's token"),
    ({"Origin": "http://testserver", TOKEN_HEADER: "guessed"}, "this session's token"),
    ({TOKEN_HEADER: TOKEN}, "no Origin"),
    ({"Origin": "null", TOKEN_HEADER: TOKEN}, "another site (Origin)"),
])
def test_writes_from_elsewhere_are_refused(reader, shared_workbench, headers, reason):
    project = shared_workbench.root
    before = (project / "locales/de/duel/aliens.yaml").read_bytes()
    text, version = current_text(reader)

    response = reader.post("/api/save", headers=headers, json={
        "card": "iron-matron", "path": PUNISH, "text": "Gehackt.", "version": version,
        "base": text, "confirm": False})

    assert response.status_code == 403
    assert reason in response.json()["message"]
    assert (project / "locales/de/duel/aliens.yaml").read_bytes() == before


def test_a_request_to_another_host_name_is_refused(reader):
    response = reader.get("/api/cards", headers={"Host": "attacker.example:8737"})

    assert response.status_code == 403
    assert "Host" in response.json()["message"]


def test_only_page_assets_of_the_templates_folder_are_served(reader, shared_workbench, tmp_path):
    secret = tmp_path / "secret.css"
    secret.write_text("secret")
    os.symlink(secret, shared_workbench.root / "templates" / "leak.css")

    assert reader.get("/templates/cards.css").status_code == 200
    assert reader.get("/templates/workbench/workbench.js").headers["content-type"].startswith("text/javascript")
    assert reader.get("/templates/workbench/page.html").status_code == 404
    assert reader.get("/templates/leak.css").status_code == 404
    assert reader.get("/templates/%2e%2e/cards/duel/box.yaml").status_code == 404
    assert reader.get("/templates/../cards/duel/aliens.css").status_code == 404


def test_card_text_is_escaped_in_the_rendered_face(client, workbench, project):
    german = project / "locales/de/duel/aliens.yaml"
    german.write_text(german.read_text().replace("name: Eiserne Matrone",
                                                 "name: '<img src=x onerror=alert(1)>'"))
    workbench.reload({german})

    card = client.get("/api/cards/iron-matron").json()

    assert "&lt;img src=x onerror=alert(1)&gt;" in card["face"]
    assert "<img" not in card["face"]


def test_a_busy_port_is_a_clear_refusal():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]

        result = CliRunner().invoke(main, ["workbench", str(PROJECT), "--lang", "de", "--port", str(port)])

    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is already in use" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_language_is_refused():
    result = CliRunner().invoke(main, ["workbench", str(PROJECT), "--lang", "fr", "--port", "0"])

    assert result.exit_code == 2
    assert "no translation 'fr' (known: de, es)" in result.output


def test_json_nested_100000_deep_is_a_400_not_a_500(reader):
    response = reader.post("/api/check", headers={**OWN, "Content-Type": "application/json"},
                           content=b"[" * 100_000)

    assert (response.status_code, response.json()) == (400, {"message": "the request is nested too deeply"})


def test_a_body_over_the_limit_is_refused_even_with_the_token(reader):
    body = b'{"card": "iron-matron", "path": "name", "text": "' + b"x" * BODY_LIMIT + b'"}'
    declared = reader.post("/api/check", headers=OWN, content=body)
    streamed = reader.post("/api/check", headers=OWN, content=iter([body[:1000], body[1000:]]))

    for response in (declared, streamed):
        assert (response.status_code, response.json()) == (
            413, {"message": f"the request is larger than {BODY_LIMIT:,} bytes"})


@pytest.mark.parametrize("confirm", ["no", 0, 1, None, "false"])
def test_confirm_must_be_a_json_boolean(reader, confirm):
    text, version = current_text(reader)
    response = reader.post("/api/save", headers=OWN, json={
        "card": "iron-matron", "path": PUNISH, "text": text + " X", "version": version,
        "base": text, "confirm": confirm})

    assert (response.status_code, response.json()) == (400, {"message": "confirm is true or false"})
    assert current_text(reader)[0] == text


def test_the_page_has_a_favicon(reader):
    response = reader.get("/favicon.ico")

    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")


def test_a_port_just_stopped_can_be_bound_again_at_once():
    """The workbench closes its connections first, leaving them in TIME-WAIT on its port."""
    first = bind("127.0.0.1", 0)
    port = first.getsockname()[1]
    with socket.create_connection(("127.0.0.1", port)) as page:
        accepted, _ = first.accept()
        accepted.close()
        page.recv(1)
    first.close()

    again = bind("127.0.0.1", port)

    assert again.getsockname()[1] == port
    again.close()


def test_every_address_answers_to_the_machines_names_but_not_to_others():
    hosts = own_hosts("0.0.0.0", 8737)

    assert {"127.0.0.1:8737", "localhost:8737", f"{socket.gethostname()}:8737"} <= hosts
    assert "0.0.0.0:8737" not in hosts and "attacker.example:8737" not in hosts
    assert own_hosts("192.0.2.7", 8737) == {"192.0.2.7:8737"}


def test_listening_beyond_this_machine_warns_naming_the_risk(monkeypatch):
    import cardkit.workbench.server as server
    import cardkit.workbench.service as service

    monkeypatch.setattr(service, "Workbench", lambda root, language, cache: None)
    monkeypatch.setattr(server, "serve", lambda workbench, sock: None)
    result = CliRunner().invoke(main, ["workbench", str(PROJECT), "--lang", "de", "--port", "0",
                                       "--host", "0.0.0.0"])

    assert result.exit_code == 0, result.output
    assert "warning: listening on 0.0.0.0, not only on this machine: anyone on the network" in result.output
    assert f"http://{socket.gethostname()}:" in result.output

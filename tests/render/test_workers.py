"""How many processes a build renders its jobs in: this one alone for an edit's few faces,
one per core for more."""

from __future__ import annotations

from cardkit.faces.games import Target
from cardkit.render import workers
from cardkit.render.pipeline import build
from cardkit.render.workers import BudgetJob, DocumentJob, FaceJob, job_processes
from tests.conftest import with_face_cache

TARGET = Target("duel", "de", "duel/de")


def faces(count: int) -> list[FaceJob]:
    return [FaceJob(TARGET, f"face-{index}", "<p></p>") for index in range(count)]


def budgets(count: int) -> list[BudgetJob]:
    return [BudgetJob(TARGET, tuple((f"face-{index}", f"key-{index}") for index in range(count)))]


def test_an_edits_face_and_its_budgets_render_in_one_process():
    assert job_processes(None, faces(1), [], budgets(1)) == 1
    assert job_processes(8, faces(2), [], []) == 1


def test_more_faces_or_a_document_go_to_a_worker_per_core():
    assert job_processes(2, faces(2), [], budgets(2)) == 2
    assert job_processes(2, faces(1), [DocumentJob(TARGET, "registration", "a4")], []) == 2
    assert job_processes(2, [], [], budgets(40)) == 1  # one job
    assert job_processes(1, faces(40), [], budgets(40)) == 1


def test_a_rebuild_after_one_edit_forks_no_worker(project_copy, face_cache, tmp_path, monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    text = project_copy / "locales" / "de" / "duel" / "aliens.yaml"
    text.write_text(text.read_text(encoding="utf-8").replace(
        "muss er sie zeigen", "muss er sie offen zeigen", 1), encoding="utf-8")

    def no_pool(*arguments, **options):
        raise AssertionError("a worker process was started")

    monkeypatch.setattr(workers, "ProcessPoolExecutor", no_pool)
    result = build(project_copy, out, ["de"], ["a4"], games=["duel"], jobs=2)
    assert [name.split("/")[-1] for name in result.rendered] == ["iron-matron"]

"""Every shell block of docs/contrastive.md, run as a user copies it (issue 38, point 2).

The test writes what the blocks expect to find where they expect it, in a folder of its own: a
ContraPro-format set with its extracted text (``ContraPro/``), a Lingeval97-format set
(``lingeval97/``), a DiscEvalMT-format ``anaphora.json`` (``discourse-mt-test-sets/test-sets/``), and a
tiny Marian model built here (``models/opus-mt-en-de``, ``models/opus-mt-en-fr``). Each block then runs
in bash, as written; only ``pip install`` lines are left out (the package is installed already, and
the test never reaches the network): each run says which lines it left out. The sets the prose names
instead (Lingeval97, DiscEvalMT, ``scores:PATH``) run the first block with that path put in.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.contrastive.peer_files import write_contrapro, write_discevalmt, write_lingeval97
from tests.contrastive.test_peers import run_contrapro_evaluate

pytest.importorskip("torch", reason="the hf extra is not installed (pip install .[hf])")
pytest.importorskip("transformers", reason="the hf extra is not installed (pip install .[hf])")
pytest.importorskip("sentencepiece", reason="the hf extra is not installed (pip install .[hf])")

pytestmark = pytest.mark.slow

DOC = Path(__file__).resolve().parents[2] / "docs" / "contrastive.md"
#: What identifies each shell block of the page, and the test that runs it.
BLOCKS = {"three commands": "cat contrapro.txt", "python: scorer": "python:mymodel:translate",
          "--mt-contrastive": "--mt-contrastive"}


def shell_blocks() -> dict[str, str]:
    """The page's shell blocks by what :data:`BLOCKS` calls them; a block no entry names fails here."""
    found: dict[str, str] = {}
    for block in re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        names = [name for name, needle in BLOCKS.items() if needle in block]
        assert len(names) == 1, f"a shell block of {DOC.name} no test runs (or more than one claims):\n{block}"
        found[names[0]] = block
    return found


def python_block(section: str) -> str:
    """The first Python block of the page's section ``section``."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}", 1)[1]
    match = re.search(r"```python\n(.*?)```", text, re.S)
    assert match is not None, f"no python block under '## {section}'"
    return match.group(1)


def write_short_marian(directory: Path) -> Path:
    """A tiny Marian model (:func:`tests.systems.test_huggingface.write_tiny_marian`) whose every translation
    is one word, so that translating a whole suite with ``hf:``'s defaults (beam 4, 256 new tokens) takes
    seconds: the decoder's attention and feed-forward outputs are zeroed (its state is its input token's
    embedding), and three embeddings are set so that the start token is followed by a word and the word by
    ``</s>``. Scores still differ from one candidate to the next (every token has its own embedding)."""
    import torch
    import transformers

    from tests.systems.test_huggingface import quiet_transformers, write_tiny_marian

    write_tiny_marian(directory, seed=5)
    vocab = json.loads((directory / "vocab.json").read_text(encoding="utf-8"))
    word = next(piece for piece in vocab if piece.startswith("▁") and len(piece) > 2)
    with quiet_transformers(transformers):
        model = transformers.MarianMTModel.from_pretrained(directory)
    axis = torch.eye(model.config.d_model)
    with torch.no_grad():
        embeddings = model.model.shared.weight  # shared by the encoder, the decoder and the output layer
        embeddings.mul_(0.1)
        embeddings[vocab["<pad>"]] = 20 * (axis[0] - axis[1])  # the decoder's start token
        embeddings[vocab[word]] = 30 * (axis[0] - axis[1]) + 20 * (axis[2] - axis[3])  # best after the start
        embeddings[0] = 80 * (axis[2] - axis[3])  # </s>: best after the word
        model.final_logits_bias.zero_()
        for layer in model.model.decoder.layers:
            for linear in (layer.self_attn.out_proj, layer.encoder_attn.out_proj, layer.fc2):
                linear.weight.zero_()
                linear.bias.zero_()
    with quiet_transformers(transformers):
        model.save_pretrained(directory)
    return directory


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder a user runs the blocks in, with the sets and models they name."""
    folder = tmp_path_factory.mktemp("project")
    write_short_marian(folder / "models" / "opus-mt-en-de")
    shutil.copytree(folder / "models" / "opus-mt-en-de", folder / "models" / "opus-mt-en-fr")
    write_contrapro(folder / "ContraPro", items=40, texts=True)
    write_lingeval97(folder / "lingeval97", entries=30)
    write_discevalmt(folder / "discourse-mt-test-sets" / "test-sets" / "anaphora.json")
    return folder


def run(block: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``block`` in bash, in ``cwd``, without its ``pip install`` lines (the run says so on standard error)."""
    kept, left_out = [], []
    for line in block.splitlines():
        (left_out if line.lstrip().startswith("pip install") else kept).append(line)
    assert all(line.lstrip().startswith("pip install ") for line in left_out)
    notes = [f"echo {shlex.quote(f'left out of the block (installed already, no network): {line.strip()}')} >&2"
             for line in left_out]
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "160"}
    env.pop("PYTEST_ADDOPTS", None)
    for name in [name for name in env if name.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))]:
        env.pop(name)
    return subprocess.run(["bash", "-c", "\n".join(notes + kept)], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=400, check=False)


def contrastive_report(project: Path, name: str = "contrapro.txt") -> tuple[str, str]:
    """The report's header line and the peer's text after it."""
    header, _, text = (project / name).read_text(encoding="utf-8").partition("\n")
    return header, text


def test_every_shell_block_of_the_page_is_run_here() -> None:
    assert set(shell_blocks()) == set(BLOCKS)
    assert shell_blocks()["three commands"].lstrip().startswith("pip install")  # the one line left out


@pytest.fixture(scope="module")
def three_commands(project: Path) -> tuple[subprocess.CompletedProcess[str], tuple[str, str]]:
    """The first block's run, and the report it wrote (the header, the peer's text)."""
    done = run(shell_blocks()["three commands"], project)
    return done, contrastive_report(project)


def test_the_three_commands_print_contrapros_breakdown_for_a_local_model(three_commands) -> None:
    done, (header, text) = three_commands
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "left out of the block" in done.stderr and "left out of the block" not in done.stdout
    assert header == "== contrapro [mine] =="
    assert text.startswith("total : ") and "\nstatistics by error category\n" in text
    assert "statistics by ante distance" in text
    assert done.stdout.endswith(text)  # `cat contrapro.txt`
    right, total = (int(n) for n in text.split()[2:4])
    assert total == 40 and 0 < right < 40  # the model prefers some correct translations, not all


@pytest.mark.parametrize(("suite", "model", "header", "start"), [
    ("lingeval97/lingeval97.json", "opus-mt-en-de", "== lingeval97 [mine] ==", "total : "),
    ("discourse-mt-test-sets/test-sets/anaphora.json", "opus-mt-en-fr", "== anaphora [mine] ==", "Total correct: "),
])
def test_lingeval97_and_discevalmt_are_the_same_commands_with_their_path(project: Path, suite: str, model: str,
                                                                         header: str, start: str) -> None:
    block = shell_blocks()["three commands"]
    assert "--mt-suite=ContraPro/contrapro.json" in block and "hf:models/opus-mt-en-de" in block
    done = run(block.replace("ContraPro/contrapro.json", suite).replace("opus-mt-en-de", model), project)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found_header, text = contrastive_report(project)
    assert found_header == header and text.startswith(start)


@pytest.mark.parametrize(("system", "suite", "maximize"), [
    ("scores:ContraPro/scores", "ContraPro/contrapro.json", False),
    ("scores:ContraPro/scores,better=higher", "contrapro:ContraPro/contrapro.json", True),  # the format named
], ids=["lower-is-better", "better=higher"])
def test_a_scores_file_from_your_own_toolkit_gives_evaluate_pys_text(project: Path, tmp_path: Path, system: str,
                                                                     suite: str, maximize: bool) -> None:
    block = shell_blocks()["three commands"]
    block = block.replace("hf:models/opus-mt-en-de", system).replace("ContraPro/contrapro.json", suite)
    assert system in block and f"--mt-suite={suite} " in block
    done = run(block, project)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    header, text = contrastive_report(project)
    assert header == "== contrapro [mine] =="
    assert text == run_contrapro_evaluate(tmp_path, project / "ContraPro" / "contrapro.json",
                                          project / "ContraPro" / "scores", maximize=maximize)


def test_the_python_scorer_of_the_page_agrees_with_hf(project: Path, three_commands) -> None:
    """The page's mymodel.py, run by its command, decides every item as the hf: kind does on the same model."""
    _, by_hf = three_commands
    (project / "mymodel.py").write_text(python_block("Your own scoring code"), encoding="utf-8")
    done = run(shell_blocks()["python: scorer"], project)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert contrastive_report(project) == by_hf


def test_any_challenge_suite_in_contrastive_mode(project: Path) -> None:
    done = run(shell_blocks()["--mt-contrastive"], project)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert any(re.search(r"category / subcategory\s*┃\s*mine\s*┃\s*mine\+contrastive", line) for line in lines)
    (overall,) = [line for line in lines if line.startswith("Overall")]
    assert re.search(r"/108 .*/87", overall), overall  # every item translated; 87 with a rejected output scored

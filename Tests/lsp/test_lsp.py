"""End-to-end tests of `haptic-policy lsp` with a real LSP client (pytest-lsp, pygls).

Run by scripts/test after `swift build`: `python3 -m pytest -q Tests/lsp`. The server
binary is HAPTIC_POLICY_BIN, else .build/debug/haptic-policy.
"""

import asyncio
import json
import os
import pathlib
import re
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("HAPTIC_POLICY_BIN", str(ROOT / ".build" / "debug" / "haptic-policy"))
PLAVO = ROOT / "Policies" / "plavo.yaml"
PLAVO_TESTS = ROOT / "Policies" / "plavo.tests.yaml"
PLAVO_TEXT = PLAVO.read_text(encoding="utf-8")


def record_diagnostics(client: LanguageClient):
    """Keeps every `publishDiagnostics` the server sends, in order, in `client.published`.

    pytest-lsp's `wait_for_notification` holds one future per method and drops a
    notification that arrives while none is waiting (`LanguageClientProtocol.
    _handle_notification` in pytest_lsp/protocol.py): two diagnostics read from one chunk,
    or one published while a test awaits a hover, were lost, and the test waited forever.
    """
    client.published = []
    client.published_event = asyncio.Event()
    handle = client.protocol._handle_notification

    def recording(method_name, params):
        if method_name == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            client.published.append(params)
            client.published_event.set()
        return handle(method_name, params)

    client.protocol._handle_notification = recording


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    record_diagnostics(lsp_client)
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


def position(text: str, needle: str, occurrence: int = 0, after: str | None = None) -> types.Position:
    """The LSP position (UTF-16 offsets) of the `occurrence`th `needle`, on the first
    line containing `after` if given."""
    lines = text.split("\n")
    found = 0
    for number, line in enumerate(lines):
        if after is not None and after not in line:
            continue
        start = 0
        while (index := line.find(needle, start)) >= 0:
            if found == occurrence:
                return types.Position(line=number, character=len(line[:index].encode("utf-16-le")) // 2)
            found += 1
            start = index + 1
        if after is not None:
            break
    raise AssertionError(f"{needle!r} not found")


def shifted(at: types.Position, characters: int) -> types.Position:
    return types.Position(line=at.line, character=at.character + characters)


def declare_folder(client: LanguageClient, folder: pathlib.Path):
    """Adds `folder` to the workspace: the server reads only inside the workspace folders
    (Docs/security.md), and a file outside them is not checked."""
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)], removed=[]
            )
        )
    )


async def open_document(client: LanguageClient, uri: str, text: str, version: int = 1):
    since = len(client.published)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)
        )
    )
    return list(await diagnostics_of(client, uri, version, since))


async def change_document(client: LanguageClient, uri: str, text: str, version: int):
    since = len(client.published)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return list(await diagnostics_of(client, uri, version, since))


async def diagnostics_of(client: LanguageClient, uri: str, version: int, since: int):
    """Waits for the diagnostics of `uri` at `version` published after the first `since`
    (`len(client.published)` before the message that makes the server publish them)."""
    while True:
        for params in client.published[since:]:
            if params.uri == uri and params.version == version:
                return list(params.diagnostics)
        since = len(client.published)
        client.published_event.clear()
        await client.published_event.wait()


def hover_text(result) -> str:
    assert result is not None
    return result.contents.value


@pytest.mark.asyncio
async def test_plavo_is_clean(client: LanguageClient):
    diagnostics = await open_document(client, PLAVO.as_uri(), PLAVO_TEXT)
    assert diagnostics == []


@pytest.mark.asyncio
async def test_unknown_feedback_is_reported_at_the_name_with_its_code_and_docs(client: LanguageClient, tmp_path):
    text = PLAVO_TEXT.replace("plant.found:        {play: pulse", "plant.found:        {play: gaol", 1)
    uri = (tmp_path / "typo.yaml").as_uri()
    declare_folder(client, tmp_path)
    diagnostics = await open_document(client, uri, text)
    unknown = [d for d in diagnostics if d.code == "HP201"]
    assert len(unknown) == 1, diagnostics
    start = position(text, "gaol")
    assert unknown[0].range == types.Range(start=start, end=shifted(start, 4))
    assert unknown[0].severity == types.DiagnosticSeverity.Error
    assert "gaol" in unknown[0].message
    assert unknown[0].source == "haptic-policy"
    href = unknown[0].code_description.href
    assert href == (ROOT / "Docs" / "checks.md").as_uri() + "#hp201"
    checks = (ROOT / "Docs" / "checks.md").read_text(encoding="utf-8")
    assert '| HP201 | error | `unknown-feedback` | <a id="hp201"></a>' in checks
    # pulse is no longer played anywhere: the unused-feedback warning, as lint gives it.
    lint = subprocess.run(
        [BINARY, "lint", "--format", "json", "-"], input=text.encode(), capture_output=True, cwd=ROOT
    )
    linted = sorted(d["code"] for d in json.loads(lint.stdout)["diagnostics"])
    assert sorted(str(d.code) for d in diagnostics) == linted


@pytest.mark.asyncio
async def test_columns_are_utf16_after_non_ascii_text(client: LanguageClient, tmp_path):
    # An emoji is two UTF-16 units but one Unicode scalar (the front end's column unit),
    # and Japanese is three UTF-8 bytes per character.
    original = "plant.notFound:     {silent: 植物がまだ映っていないのはユーザーのミスではない (no plant in view yet is not a failure), cite: H-2}"
    assert original in PLAVO_TEXT
    edited = original.replace("{silent: ", "{silent: 🌱🌱 ").replace("cite: H-2", "cite: H-9")
    text = PLAVO_TEXT.replace(original, edited)
    uri = (tmp_path / "emoji.yaml").as_uri()
    declare_folder(client, tmp_path)
    diagnostics = await open_document(client, uri, text)
    unknown = [d for d in diagnostics if "H-9" in d.message]
    assert len(unknown) == 1, diagnostics
    start = position(text, "H-9")
    assert unknown[0].range == types.Range(start=start, end=shifted(start, 3))
    # A request at a UTF-16 offset past the emoji finds the name written there.
    text = text.replace("cite: H-9", "cite: H-2")
    await change_document(client, uri, text, 2)
    at = position(text, "H-2", after="🌱")
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=shifted(at, 1))
    )
    assert "invariant H-2" in hover_text(result)
    assert result.range == types.Range(start=at, end=shifted(at, 3))


@pytest.mark.asyncio
async def test_hover_tells_what_a_name_is(client: LanguageClient):
    uri = PLAVO.as_uri()
    await open_document(client, uri, PLAVO_TEXT)

    async def hover(needle: str, after: str) -> str:
        result = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=position(PLAVO_TEXT, needle, after=after)
            )
        )
        return hover_text(result)

    pulse = await hover("pulse", after="{play: pulse")
    assert "feedback `pulse`" in pulse and "creature layer" in pulse
    assert "custom pattern: 2 transients, 0.14 s" in pulse
    assert "fallback: `snap` → `impact.rigid 0.7`" in pulse
    assert "played by: camera/plant.found" in pulse
    tap = await hover("tap", after="shutter:            {play: tap")
    assert "system preset `impact.light`" in tap
    moisture = await hover("moisture,", after="{band: moisture")
    assert "hysteresis 1.5" in moisture
    assert "`parched`: below 10%, plays `soil.parched`" in moisture
    assert "`soaked`: 80% and above, plays `soil.soaked`" in moisture
    invariant = await hover("H-2", after="{play: caution, cite: H-2, note: \"a real limit, said gently\"")
    assert "失敗ではないことに失敗の合図を出さない" in invariant
    assert "`notification.error`" in invariant
    event = await hover("plant.found", after="plant.found:        {play: pulse")
    assert "event `plant.found`" in event and "occurs on: `camera`" in event
    screen = await hover("camera", after="sensor.unreachable: {layer: ui")
    assert "screen `camera`" in screen and "on entering: prepare-engine" in screen


@pytest.mark.asyncio
async def test_definition_and_references(client: LanguageClient):
    uri = PLAVO.as_uri()
    await open_document(client, uri, PLAVO_TEXT)
    use = position(PLAVO_TEXT, "caution", after="diary.limitReached: {play: caution")
    definitions = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=use)
    )
    declared = position(PLAVO_TEXT, "caution", after="caution: {layer: ui")
    assert [(d.uri, d.range.start) for d in definitions] == [(uri, declared)]
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=use,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    uses = [m.start() for m in re.finditer(r"play: caution", PLAVO_TEXT)]
    assert len(references) == len(uses) + 1
    assert {r.range.start.line for r in references} == {declared.line} | {
        PLAVO_TEXT.count("\n", 0, offset) for offset in uses
    }
    without = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=use,
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert len(without) == len(uses)
    # A screen named in an event's screens list goes to the screen's declaration.
    screens = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position(PLAVO_TEXT, "naming", after="plant.meet:         {layer: creature"),
        )
    )
    assert [d.range.start for d in screens] == [position(PLAVO_TEXT, "naming:")]


@pytest.mark.asyncio
async def test_a_test_file_is_checked_and_leads_into_its_policy(client: LanguageClient):
    text = PLAVO_TESTS.read_text(encoding="utf-8")
    uri = PLAVO_TESTS.as_uri()
    assert await open_document(client, uri, text) == []
    at = position(text, "pulse", after="{screen: camera, event: plant.found, speaks: true, play: pulse")
    definitions = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    assert [(d.uri, d.range.start) for d in definitions] == [(PLAVO.as_uri(), position(PLAVO_TEXT, "pulse:"))]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    assert "feedback `pulse`" in hover_text(hover)
    policy = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, "plavo.yaml", after="policy: plavo.yaml")
        )
    )
    assert [(d.uri, d.range.start.line) for d in policy] == [(PLAVO.as_uri(), 0)]
    # A typo in the test file is lint's HP806 at the step.
    typo = text.replace("play: pulse, render: \"pattern:pulse\", rule: camera/plant.found", "play: pluse", 1)
    diagnostics = await change_document(client, uri, typo, 2)
    assert [d.code for d in diagnostics] == ["HP806"]


@pytest.mark.asyncio
async def test_completion_offers_declared_names_mid_edit(client: LanguageClient, tmp_path):
    uri = (tmp_path / "editing.yaml").as_uri()
    declare_folder(client, tmp_path)
    await open_document(client, uri, PLAVO_TEXT)
    # Typing a new cell: the flow mapping is not closed yet, so the YAML does not parse.
    line = "      shutter:            {play: "
    text = PLAVO_TEXT.replace("      shutter:            {play: tap}", line + "pu", 1)
    diagnostics = await change_document(client, uri, text, 2)
    assert any(d.code == "HP005" for d in diagnostics), diagnostics
    at = shifted(position(text, line + "pu"), len(line) + 2)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    labels = [item.label for item in result.items]
    assert labels == ["pulse"]
    assert result.items[0].text_edit.range == types.Range(start=shifted(at, -2), end=at)
    # A band after `band: `, and an event name as a key of a table.
    text = PLAVO_TEXT.replace("{band: moisture, cite: H-1}", "{band: , cite: H-1}", 1)
    await change_document(client, uri, text, 3)
    at = shifted(position(text, "{band: "), len("{band: "))
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    assert [item.label for item in result.items] == ["moisture"]
    text = PLAVO_TEXT.replace("      plant.meet: {play: meet", "      plant.m\n      plant.meet: {play: meet", 1)
    await change_document(client, uri, text, 4)
    at = types.Position(line=text.split("\n").index("      plant.m"), character=len("      plant.m"))
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    assert [item.label for item in result.items] == ["plant.meet"]


PICKER = """\
policy: picker
version: 1
feedback:
  tick: {layer: ui, preset: selection}
events:
  picker.begin: {layer: ui, screens: [search]}
  picker.tick: {layer: ui, screens: [search]}
  picker.end: {layer: ui, screens: [search]}
screens:
  search:
    table:
      picker.begin: {ticker: begin}
      picker.tick: {ticker: tick, play: tick}
      picker.end: {ticker: end}
budgets:
  - id: B-2
    screen: search
    max: 30
    per: 1
    enforce: true
    acknowledge:
      HP507: the picker's ticks are the control
"""


@pytest.mark.asyncio
async def test_an_acknowledged_warning_is_a_hint_and_its_code_is_explained_and_completed(client: LanguageClient, tmp_path):
    uri = (tmp_path / "picker.yaml").as_uri()
    declare_folder(client, tmp_path)
    diagnostics = await open_document(client, uri, PICKER)
    assert [(d.code, d.severity) for d in diagnostics] == [("HP507", types.DiagnosticSeverity.Hint)], diagnostics
    assert diagnostics[0].message.startswith("acknowledged (the picker's ticks are the control): enforced budget")
    at = shifted(position(PICKER, "HP507"), 2)
    text = hover_text(
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
    )
    assert "`enforced-budget-silences-ticks`" in text and "acknowledges 1 warning here" in text, text
    # A second entry being typed under the first: the codes a policy may acknowledge.
    edited = PICKER + "      HP2\n"
    await change_document(client, uri, edited, 2)
    at = types.Position(line=edited.split("\n").index("      HP2"), character=len("      HP2"))
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    labels = [item.label for item in result.items]
    assert "HP211" in labels and all(label.startswith("HP2") for label in labels), labels
    assert "HP201" not in labels  # an error cannot be acknowledged


@pytest.mark.asyncio
async def test_document_symbols(client: LanguageClient):
    uri = PLAVO.as_uri()
    await open_document(client, uri, PLAVO_TEXT)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = {(s.detail, s.name) for s in symbols}
    assert {("screen", "camera"), ("feedback", "pulse"), ("band", "moisture"), ("invariant", "H-4")} <= names
    assert ("event", "plant.found") in names and ("budget", "B-1") in names
    moisture = next(s for s in symbols if s.name == "moisture")
    assert [c.name for c in moisture.children] == ["parched", "dry", "thirsty", "comfortable", "moist", "soaked"]
    camera = next(s for s in symbols if s.name == "camera" and s.detail == "screen")
    assert camera.selection_range.start == position(PLAVO_TEXT, "camera:")
    assert camera.range.end.line > camera.range.start.line


@pytest.mark.asyncio
async def test_malformed_text_gets_diagnostics_and_the_server_keeps_answering(client: LanguageClient, tmp_path):
    uri = (tmp_path / "broken.yaml").as_uri()
    declare_folder(client, tmp_path)
    await open_document(client, uri, PLAVO_TEXT)
    broken = [
        PLAVO_TEXT.replace('note: "a real limit, said gently"', 'note: "a real limit, said gently', 1),
        PLAVO_TEXT.replace("  camera:\n    enter:", "  camera:\n      enter:", 1),
        PLAVO_TEXT[: len(PLAVO_TEXT) // 2],
        "\x00\x01\ufffd\ud7ff junk: [\n",
        "",
    ]
    for version, text in enumerate(broken, start=2):
        diagnostics = await change_document(client, uri, text, version)
        assert diagnostics, f"version {version} has no diagnostics"
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=10_000, character=0)
            )
        )
        assert hover is None
        symbols = await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert isinstance(symbols, list)
    await change_document(client, uri, PLAVO_TEXT, 100)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(PLAVO_TEXT, "pulse", after="{play: pulse")
        )
    )
    assert "feedback `pulse`" in hover_text(hover)


STRIDE = ROOT / "Policies" / "stride.yaml"
WORKOUT = ROOT / "Policies" / "stride" / "workout.yaml"


@pytest.mark.asyncio
async def test_yaml_that_is_not_a_policy_gets_no_diagnostics(client: LanguageClient, tmp_path):
    workflow = ROOT / ".github" / "workflows" / "apple.yml"
    text = workflow.read_text(encoding="utf-8")
    assert await open_document(client, workflow.as_uri(), text) == []
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=workflow.as_uri()), position=position(text, "name"))
    )
    assert hover is None
    # A config file next to the policies, written in the workspace, is not one either...
    uri = (tmp_path / "settings.yaml").as_uri()
    declare_folder(client, tmp_path)
    assert await open_document(client, uri, "name: build\non: [push]\njobs: {}\n") == []
    # ...until it says it is: then it gets the policy findings lint gives.
    diagnostics = await change_document(client, uri, "policy: build\nname: build\n", 2)
    assert "HP012" in [d.code for d in diagnostics], diagnostics
    # A misspelt `policy:` still says so, and gets lint's "did you mean".
    diagnostics = await change_document(client, uri, "polcy: build\nversion: 1\n", 3)
    assert any("did you mean 'policy'" in d.message for d in diagnostics), diagnostics


@pytest.mark.asyncio
async def test_files_outside_the_workspace_are_neither_checked_nor_quoted(client: LanguageClient, tmp_path):
    # A file next to the document holds a secret that a finding about it would quote.
    secret = "hunter2-s3cr3t"
    (tmp_path / "secret.yaml").write_text(f"{secret}: 1\n", encoding="utf-8")
    (tmp_path / "inside").mkdir()
    (tmp_path / "inside" / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    text = "policy: p\nversion: 1\ninclude: [secret.yaml]\n"
    # Outside the workspace (the repository): not checked, one finding naming the workspace.
    uri = (tmp_path / "p.yaml").as_uri()
    diagnostics = await open_document(client, uri, text)
    assert len(diagnostics) == 1, diagnostics
    assert "outside the workspace folders" in diagnostics[0].message
    assert ROOT.as_posix() in diagnostics[0].message
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=12))
    )
    assert hover is None or secret not in hover.contents.value
    # Inside a declared folder, an include through `..` or a link out of it is not read.
    declare_folder(client, tmp_path / "inside")
    inside = (tmp_path / "inside" / "p.yaml").as_uri()
    text = "policy: p\nversion: 1\ninclude: [../secret.yaml, link.yaml]\n"
    diagnostics = await open_document(client, inside, text)
    assert [d.code for d in diagnostics if d.code == "HP022"] == ["HP022", "HP022"], diagnostics
    # Nothing published for any file quotes it (the client keeps the last list of each).
    assert all(secret not in d.message for found in client.diagnostics.values() for d in found)
    assert all(secret not in d.message for d in diagnostics)


def stride_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the stride policy and its included files, to change on disk."""
    folder = tmp_path / "Policies"
    (folder / "stride").mkdir(parents=True)
    (folder / "stride.yaml").write_text(STRIDE.read_text(encoding="utf-8"), encoding="utf-8")
    for included in (ROOT / "Policies" / "stride").glob("*.yaml"):
        (folder / "stride" / included.name).write_text(included.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


@pytest.mark.asyncio
async def test_an_included_file_opened_alone_is_checked_in_the_policy_that_includes_it(client: LanguageClient, tmp_path):
    # The constants it uses are declared by stride.yaml, which is not open: found on disk.
    text = WORKOUT.read_text(encoding="utf-8")
    assert await open_document(client, WORKOUT.as_uri(), text) == []
    # A mistake in it is the whole policy's finding, located in the included file.
    typo = text.replace("interval: {play: zone.faster}", "interval: {play: zone.fastr}", 1)
    diagnostics = await change_document(client, WORKOUT.as_uri(), typo, 2)
    assert [d.code for d in diagnostics] == ["HP201"], diagnostics
    start = position(typo, "zone.fastr")
    assert diagnostics[0].range == types.Range(start=start, end=shifted(start, len("zone.fastr")))
    # Hover and completion there read the including policy found on disk too (issue 25):
    # lap and goal are declared in stride/catalogue.yaml, which is not open either.
    await change_document(client, WORKOUT.as_uri(), text, 3)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=WORKOUT.as_uri()),
            position=shifted(position(text, "lap}", after="{play: lap}"), 1),
        )
    )
    assert "feedback `lap`" in hover_text(hover)
    line = "      goal.reached:    {play: "
    edited = text.replace("      goal.reached:    {play: goal, cite: H-4}", line + "go", 1)
    await change_document(client, WORKOUT.as_uri(), edited, 4)
    at = shifted(position(edited, line + "go"), len(line) + len("go"))
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=WORKOUT.as_uri()), position=at)
    )
    assert [item.label for item in result.items] == ["goal"]


@pytest.mark.asyncio
async def test_definitions_and_outlines_in_a_split_policy_name_the_file_of_each_declaration(client: LanguageClient):
    # From stride/workout.yaml, opened alone, `lap` leads to stride/catalogue.yaml where it
    # is declared (issue 43), and its references include that declaration and this use.
    catalogue = ROOT / "Policies" / "stride" / "catalogue.yaml"
    text = WORKOUT.read_text(encoding="utf-8")
    await open_document(client, WORKOUT.as_uri(), text)
    at = shifted(position(text, "lap}", after="{play: lap}"), 1)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=WORKOUT.as_uri()), position=at)
    )
    declared = position(catalogue.read_text(encoding="utf-8"), "lap:", after="  lap:")
    assert [(each.uri, each.range.start) for each in found] == [(catalogue.as_uri(), declared)], found
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=WORKOUT.as_uri()),
            position=at,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    places = {(each.uri, each.range.start.line) for each in references}
    assert (catalogue.as_uri(), declared.line) in places and (WORKOUT.as_uri(), at.line) in places, references
    # stride.yaml's outline lists what it declares, not its included files' names.
    main = STRIDE.read_text(encoding="utf-8")
    await open_document(client, STRIDE.as_uri(), main)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=STRIDE.as_uri()))
    )
    names = [symbol.name for symbol in symbols]
    assert "lap" not in names and "workout" not in names, names
    lines = main.split("\n")
    assert all(symbol.name in lines[symbol.selection_range.start.line] for symbol in symbols), names


RIDE_NAVIGATE = ROOT / "Policies" / "ride" / "navigate.yaml"


async def completion_labels(client: LanguageClient, uri: str, at: types.Position) -> list[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
    )
    return [item.label for item in result.items]


async def hover_at(client: LanguageClient, uri: str, at: types.Position) -> str:
    return hover_text(
        await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at)
        )
    )


@pytest.mark.asyncio
async def test_language_v3_keys_and_values_in_an_included_file(client: LanguageClient):
    # ride/navigate.yaml, opened alone: its policy (ride.yaml) is found on disk, so the
    # data fields and template parameters it declares in ride/catalogue.yaml are known.
    uri = RIDE_NAVIGATE.as_uri()
    text = RIDE_NAVIGATE.read_text(encoding="utf-8")
    assert await open_document(client, uri, text) == []
    # Hover: a key's meaning (the schema's), a data field in this policy, a template parameter.
    approach = await hover_at(client, uri, shifted(position(text, "approach: falling"), 2))
    assert approach.startswith("**`approach`**") and "`receding`" in approach, approach
    at_most = await hover_at(client, uri, shifted(position(text, "at-most: 100"), 2))
    assert "Inclusive upper edge" in at_most, at_most
    field = await hover_at(client, uri, shifted(position(text, "direction: right"), 2))
    assert "**data field `direction`** of event `turn.distance`" in field, field
    assert "one of left, right, straight, u-turn" in field, field
    side = await hover_at(client, uri, shifted(position(text, "side: 1"), 1))
    # The band row gives it to whatever the entered level plays: both cues take it.
    assert "**template parameter `side`** of `turn.now`, `turn.approach`" in side, side
    assert "- `turn.approach`: default 0, -1 to 1" in side, side
    # Completion mid-edit (the flow mapping is not closed: the YAML does not read).
    row = "        - {when: {data: {direction: right}}, band: turn.distance, with: {side: 1}, cite: [H-1, U-2]}"
    typing = "        - {when: {data: {direction: "
    edited = text.replace(row, typing, 1)
    await change_document(client, uri, edited, 2)
    at = shifted(position(edited, typing), len(typing))
    assert await completion_labels(client, uri, at) == ["left", "right", "straight", "u-turn"]
    typing = "        - {band: turn.distance, with: {"
    edited = text.replace(row, typing, 1)
    await change_document(client, uri, edited, 3)
    at = shifted(position(edited, typing), len(typing))
    assert await completion_labels(client, uri, at) == ["side", "urgency"]
    typing = "    ap"
    edited = text.replace(next(line for line in text.split("\n") if "approach: falling" in line), typing, 1)
    await change_document(client, uri, edited, 4)
    at = types.Position(line=edited.split("\n").index(typing), character=len(typing))
    assert await completion_labels(client, uri, at) == ["approach"]
    typing = "    approach: "
    edited = text.replace(next(line for line in text.split("\n") if "approach: falling" in line), typing, 1)
    await change_document(client, uri, edited, 5)
    at = types.Position(line=edited.split("\n").index(typing), character=len(typing))
    assert await completion_labels(client, uri, at) == ["falling", "rising"]
    # At its top: the sections it does not hold yet, not the keys only a main file sets.
    edited = "p\n" + text
    await change_document(client, uri, edited, 6)
    assert await completion_labels(client, uri, types.Position(line=0, character=1)) == ["parameters"]


@pytest.mark.asyncio
async def test_changes_on_disk_check_open_documents_again(client: LanguageClient, tmp_path):
    folder = stride_copy(tmp_path)
    declare_folder(client, tmp_path)
    policy, workout = folder / "stride.yaml", folder / "stride" / "workout.yaml"
    text = workout.read_text(encoding="utf-8")
    assert await open_document(client, workout.as_uri(), text) == []
    # The policy on disk loses a constant the included file uses.
    policy.write_text(policy.read_text(encoding="utf-8").replace("  pace_hysteresis: 0.1", "  pace_hysteris: 0.1"))

    async def changed(uri: str) -> list:
        since = len(client.published)
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri, type=types.FileChangeType.Changed)]
            )
        )
        return await diagnostics_of(client, workout.as_uri(), 1, since)

    diagnostics = await changed(policy.as_uri())
    assert diagnostics and all(d.range.start.line < len(text.split("\n")) for d in diagnostics)
    assert any("pace_hysteresis" in d.message for d in diagnostics), diagnostics
    # The policy no longer includes it: a YAML file that is no policy, no findings.
    policy.write_text(policy.read_text(encoding="utf-8").replace("  - stride/workout.yaml\n", ""))
    assert await changed(policy.as_uri()) == []


@pytest.mark.asyncio
async def test_a_did_you_mean_finding_offers_its_fix_as_a_code_action(client: LanguageClient, tmp_path):
    text = PLAVO_TEXT.replace("plant.found:        {play: pulse", "plant.found:        {play: plse", 1)
    uri = (tmp_path / "typo.yaml").as_uri()
    declare_folder(client, tmp_path)
    diagnostics = await open_document(client, uri, text)
    unknown = next(d for d in diagnostics if d.code == "HP201")
    assert "did you mean 'pulse'" in unknown.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=unknown.range,
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title for a in fixes] == ["Change 'plse' to 'pulse'"]
    edits = fixes[0].edit.changes[uri]
    assert [(e.range, e.new_text) for e in edits] == [(unknown.range, "pulse")]
    assert [d.code for d in fixes[0].diagnostics] == ["HP201"]
    # Applied, the finding is gone; an unknown key's suggestion is offered the same way.
    keyed = PLAVO_TEXT.replace("tap:     {layer: ui,", "tap:     {layr: ui,", 1)
    assert keyed != PLAVO_TEXT
    diagnostics = await change_document(client, uri, keyed, 2)
    unknown = next(d for d in diagnostics if d.code == "HP012")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=unknown.range.start, end=unknown.range.start),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert [(a.title, a.edit.changes[uri][0].new_text) for a in actions] == [("Change 'layr' to 'layer'", "layer")]
    # Away from every finding there is nothing to fix.
    nothing = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert not nothing


def test_file_watchers_are_registered_when_the_client_allows_it():
    def run(capabilities: dict) -> list[dict]:
        stream = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": capabilities}})
        stream += frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        stream += frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        stream += frame({"jsonrpc": "2.0", "method": "exit"})
        return responses(subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=30).stdout)

    allowed = run({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}})
    requests = [m for m in allowed if m.get("method") == "client/registerCapability"]
    assert len(requests) == 1, allowed
    registration = requests[0]["params"]["registrations"][0]
    assert registration["method"] == "workspace/didChangeWatchedFiles"
    assert {w["globPattern"] for w in registration["registerOptions"]["watchers"]} == {"**/*.yaml", "**/*.yml"}
    assert not [m for m in run({}) if m.get("method") == "client/registerCapability"]


def frame(message: dict | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def responses(output: bytes) -> list[dict]:
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def test_messages_escape_line_separators_and_script_ends(tmp_path):
    """A name holding U+2028, U+2029, U+0085 and `</` reaches the editor escaped (the tools'
    one JSON rule, JSONString): the raw message bytes hold none of them, the decoded
    diagnostic still quotes the name as written."""
    name = "g\u2028a\u2029o\u0085l</script>"
    text = PLAVO_TEXT.replace("plant.found:        {play: pulse", 'plant.found:        {play: "%s"' % name, 1)
    uri = (tmp_path / "separators.yaml").as_uri()
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    stream = frame(initialize) + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    stream += frame(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
        }
    )
    stream += frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"})
    run = subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr
    for raw in ("\u2028", "\u2029", "\u0085", "</"):
        assert raw.encode() not in run.stdout, raw
    published = [m for m in responses(run.stdout) if m.get("method") == "textDocument/publishDiagnostics"]
    messages = [d["message"] for m in published for d in m["params"]["diagnostics"]]
    # YAML reads U+0085 in a flow scalar as a line break (folded to a space); the rest stays.
    assert any("g\u2028a\u2029o" in message and "l</script>" in message for message in messages), messages


def test_protocol_errors_and_exit_codes():
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    stream = b"".join(
        [
            frame({"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}}),
            frame(initialize),
            frame(b"{not json"),
            frame({"jsonrpc": "2.0", "id": 2, "method": "workspace/unknownThing", "params": {}}),
            frame({"jsonrpc": "2.0", "method": "$/unknownNotification", "params": {}}),
            frame({"jsonrpc": "2.0", "method": "exit"}),
        ]
    )
    run = subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=30)
    assert run.returncode == 1, "exit without shutdown is exit code 1"
    answers = responses(run.stdout)
    assert [(a.get("id"), a.get("error", {}).get("code")) for a in answers] == [
        (0, -32002),
        (1, None),
        (None, -32700),
        (2, -32601),
    ]
    stream = frame(initialize) + frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    stream += frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {}})
    stream += frame({"jsonrpc": "2.0", "method": "exit"})
    run = subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=30)
    assert run.returncode == 0
    assert [(a["id"], a.get("error", {}).get("code")) for a in responses(run.stdout)] == [
        (1, None),
        (2, None),
        (3, -32600),
    ]
    # Input that ends without exit: exit code 1, and a message over the size limit is
    # skipped without reading it into memory.
    stream = frame(initialize) + b"Content-Length: 99999999999\r\n\r\n" + b"x" * 10
    run = subprocess.run([BINARY, "lsp"], input=stream, capture_output=True, timeout=30)
    assert run.returncode == 1
    assert b"over the" in run.stderr

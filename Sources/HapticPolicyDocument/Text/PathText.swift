/// The one way the tools take a path apart and put it together, as text
/// (`/` separators, no file system access): a base name, a folder, a folder prefix to
/// resolve a relative name against, a name in a folder, and where scenarios sit next to
/// a policy.
package enum PathText {
    /// The last component: `Policies/plavo.yaml` → `plavo.yaml`; a trailing `/` is not a
    /// component (`Policies/` → `Policies`); a path without `/` is its own base name.
    package static func baseName(_ path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    }

    /// The folder a path is in: `Policies/plavo.yaml` → `Policies`, `plavo.yaml` → `.`,
    /// `/plavo.yaml` → `/`; trailing slashes are ignored.
    package static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The folder with its trailing `/`, to put before a name relative to it
    /// (`Policies/stride.yaml` → `Policies/`), or empty for a bare name.
    package static func folderPrefix(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// `name` in `folder`, as the folder is written: `Policies` → `Policies/plavo.yaml`,
    /// `.` → `./plavo.yaml`, `/` → `/plavo.yaml`; trailing slashes are ignored. An empty
    /// folder (the current one, unnamed) gives `name` itself, an absolute `name` is kept.
    package static func joined(_ folder: String, _ name: String) -> String {
        if name.hasPrefix("/") || folder.isEmpty { return name }
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "/" ? "/" + name : trimmed + "/" + name
    }

    /// The folder `simulate` looks for a policy's scenarios in: `scenarios` next to the
    /// policy (`Policies/plavo.yaml` → `Policies/scenarios`; `./scenarios` for stdin, `-`).
    package static func scenariosFolder(ofPolicy policy: String) -> String {
        joined(policy == "-" ? "." : folder(of: policy), "scenarios")
    }

    /// Whether `path` is a scenario: a `.yaml` file in a folder named `scenarios`
    /// (`Policies/scenarios/drying.yaml`), where `simulate` looks for them.
    package static func isScenario(_ path: String) -> Bool {
        path != "-" && path.hasSuffix(".yaml") && baseName(folder(of: path)) == "scenarios"
    }

    /// The folder of the policies a scenario is played with: the one above its
    /// `scenarios` folder (`Policies/scenarios/drying.yaml` → `Policies`).
    package static func policiesFolder(ofScenario scenario: String) -> String {
        folder(of: folder(of: scenario))
    }
}

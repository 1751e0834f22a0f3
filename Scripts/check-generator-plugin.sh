#!/usr/bin/env bash
# Checks the RoundtripGenerator build plugin the way an app uses it: a throwaway package that
# depends on this checkout by path, with one target that receives (it holds roundtrip.yaml and a
# config with `role: receiver`) and one that calls (the same spec, `role: caller`). Nothing
# generated is committed: the build generates, compiles, and the executable runs a round trip
# through both (the receiver's answer is handed straight back to the caller).
#
#   Scripts/check-generator-plugin.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="$(mktemp -d /tmp/roundtrip-plugin-check.XXXXXX)"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$app"' EXIT
mkdir -p "$app/Sources/NotesReceiving" "$app/Sources/NotesCalling" "$app/Sources/App"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let plugin: [Target.PluginUsage] = [.plugin(name: "RoundtripGenerator", package: "Roundtrip")]
let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Roundtrip", path: "$root")],
    targets: [
        .target(name: "NotesReceiving", dependencies: [.product(name: "Roundtrip", package: "Roundtrip")], plugins: plugin),
        .target(name: "NotesCalling", dependencies: [.product(name: "Roundtrip", package: "Roundtrip")], plugins: plugin),
        .executableTarget(name: "App", dependencies: ["NotesReceiving", "NotesCalling", .product(name: "Roundtrip", package: "Roundtrip")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cp "$root/Tests/Fixtures/specs/notes-app.yaml" "$app/Sources/NotesReceiving/roundtrip.yaml"
cp "$root/Tests/Fixtures/specs/notes-app.yaml" "$app/Sources/NotesCalling/roundtrip.yaml"
printf 'role: receiver\naccess: public\nname: NotesReceiver\n' > "$app/Sources/NotesReceiving/roundtrip-generator-config.yaml"
printf 'role: caller\naccess: public\nname: NotesClient\n' > "$app/Sources/NotesCalling/roundtrip-generator-config.yaml"
# A target needs one Swift file of its own; the generated one does not count.
echo "// NotesReceiver is generated from roundtrip.yaml." > "$app/Sources/NotesReceiving/NotesReceiving.swift"
echo "// NotesClient is generated from roundtrip.yaml." > "$app/Sources/NotesCalling/NotesCalling.swift"
cat > "$app/Sources/App/main.swift" <<'SWIFT'
import Foundation
import NotesCalling
import NotesReceiving
import Roundtrip

/// Opens each URL the caller sends in the receiver, and gives the receiver's answer back.
final class Loopback: URLOpener, @unchecked Sendable {
    var caller: Caller?
    func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        guard let caller else { return false }
        if url.scheme == "journal" {
            Task { _ = try? await caller.handleCallback(url.absoluteString) }
            return true
        }
        do {
            let endpoint = try NotesReceiver.endpoint(keys: EnvironmentKeyResolver(environment: ["NOTES_TOKEN": "t"]))
            guard case .create(let create) = try NotesReceiver.Request(try endpoint.evaluate(url.absoluteString)) else { return false }
            print("received create: \(create.tags ?? [])")
            let answer = try create.answer(.init(id: UUID(uuidString: "3F2B8C1E-9A4D-4E7B-8C21-5D6A7B8C9D0E")!, tags: create.tags))
            return await open(URL(string: answer)!, universalLinksOnly: false)
        } catch {
            print("refused: \(error)")
            return false
        }
    }
}

let loopback = Loopback()
let caller = Caller(ledger: InMemoryLedgerStore(), opener: loopback)
loopback.caller = caller
let result = try await NotesClient(caller: caller).create(text: "Milk\nBeer", tags: ["home", "work"], callback: "journal://notes")
print("came back: \(result)")
SWIFT
cd "$app"
swift build 2>&1 | grep -E "error|warning: |Build complete" | sort -u | head -20
"$(swift build --show-bin-path)/App"

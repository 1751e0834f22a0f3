import Foundation
import ZIPFoundation

/// Builds `.app` folders and `.ipa` archives at run time (nothing binary is committed).
struct BundleBuilder {
    /// Files of the bundle, by path relative to the `.app` folder.
    var files: [String: Data] = [:]

    /// An app with an Info.plist, optional entitlements and extensions.
    init(info: [String: Any], entitlements: [String: Any]? = nil, extensions: [String: [String: Any]] = [:], binary: Bool = false) throws {
        files["Info.plist"] = try Plist.data(info, binary: binary)
        if let entitlements {
            files["archived-expanded-entitlements.xcent"] = try Plist.data(entitlements)
        }
        for (name, info) in extensions {
            files["PlugIns/\(name).appex/Info.plist"] = try Plist.data(info, binary: binary)
        }
        files["Example"] = Data("not really a binary".utf8)
    }

    /// Writes `<name>.app` into a folder; returns its path.
    func writeApp(named name: String, in folder: TemporaryFolder) throws -> String {
        for (path, data) in files {
            try folder.write(data, to: "\(name).app/\(path)")
        }
        return folder.path("\(name).app")
    }

    /// Zips `Payload/<name>.app/…` into `<file>`; returns its path.
    func writeIPA(named name: String, file: String? = nil, in folder: TemporaryFolder, extraEntries: [String: Data] = [:]) throws -> String {
        let path = folder.path(file ?? "\(name).ipa")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        var entries = extraEntries
        for (relative, data) in files {
            entries["Payload/\(name).app/\(relative)"] = data
        }
        for (entryPath, data) in entries.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: entryPath, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }
}

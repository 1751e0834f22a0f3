import Foundation

/// Finds entitlements where a built app keeps them when no `.xcent` file is left beside it: in
/// the main executable's code signature, and (for the team only) in `embedded.mobileprovision`.
enum EmbeddedEntitlements {
    /// `CSMAGIC_EMBEDDED_ENTITLEMENTS`, the big-endian magic of the entitlements blob in a code
    /// signature's SuperBlob (Apple's `cs_blobs.h`): magic, 32-bit length, then an XML plist.
    static let blobMagic = Data([0xFA, 0xDE, 0x71, 0x71])

    /// The entitlements plist of an executable's code signature, as bytes; `nil` when none is found.
    ///
    /// - Complexity: O(*n*) in the size of the executable.
    static func fromExecutable(_ data: Data) -> Data? {
        let data = Data(data)  // rebase to index 0
        var from = data.startIndex
        while let found = data.range(of: blobMagic, in: from..<data.endIndex) {
            from = found.lowerBound + 1
            let start = found.lowerBound
            guard start + 8 <= data.count else { return nil }
            let length = data[(start + 4)..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
            guard length > 8, length <= data.count - start else { continue }
            let plist = data.subdata(in: (start + 8)..<(start + length))
            if plist.starts(with: Data("<?xml".utf8)) || plist.starts(with: Data("<plist".utf8)) {
                return plist
            }
        }
        return nil
    }

    /// The team and application identifier from a provisioning profile (a CMS envelope around an
    /// XML plist). Its associated domains are wildcards, so only the identity is taken.
    ///
    /// - Returns: `com.apple.developer.team-identifier` and `application-identifier` entries, or
    ///   `nil` when the profile holds no readable plist.
    static func identityFromProfile(_ data: Data) -> [String: PropertyListValue]? {
        let data = Data(data)
        guard let start = data.range(of: Data("<?xml".utf8)),
            let end = data.range(of: Data("</plist>".utf8), in: start.lowerBound..<data.endIndex)
        else { return nil }
        let plist = data.subdata(in: start.lowerBound..<end.upperBound)
        guard let profile = try? PropertyListValue.decodeDictionary(plist, path: "embedded.mobileprovision") else { return nil }
        var identity: [String: PropertyListValue] = [:]
        let entitlements = profile["Entitlements"]
        if let team = entitlements?["com.apple.developer.team-identifier"] ?? profile["TeamIdentifier"]?.arrayValue?.first {
            identity["com.apple.developer.team-identifier"] = team
        }
        if let applicationID = entitlements?["application-identifier"], applicationID.stringValue?.contains("*") == false {
            identity["application-identifier"] = applicationID
        }
        return identity.isEmpty ? nil : identity
    }
}

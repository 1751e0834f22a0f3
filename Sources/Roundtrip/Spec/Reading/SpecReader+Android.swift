/// The `app.android` section: the Android app's package names and signing certificates.
extension SpecReader {
    /// Reads `app.android`; `nil` when the section is not a mapping.
    ///
    /// Fingerprints are read in any case, with or without colons, and kept in the one form
    /// Google's Digital Asset Links verifier accepts (32 uppercase bytes joined by colons).
    mutating func readAndroid(_ node: DocumentNode) -> AndroidApp? {
        let path = Self.join(TopLevelKey.app.name, AppKey.android)
        guard let fields = mapping(node, path, keys: AndroidKey.self) else { return nil }
        let packages = readAndroidPackages(fields, node, path)
        var fingerprints: [String] = []
        let fingerprintsPath = Self.join(path, AndroidKey.certificateFingerprints)
        if let texts = stringList(fields[.certificateFingerprints], fingerprintsPath) {
            for (index, text) in texts.enumerated() {
                switch CertificateFingerprintText.bytes(text) {
                case .success(let bytes):
                    let canonical = CertificateFingerprintText.canonical(bytes)
                    if fingerprints.contains(canonical) {
                        error(
                            "duplicate-value",
                            "\(fingerprintsPath)[\(index)]",
                            fields[.certificateFingerprints],
                            "the fingerprint \(canonical) is listed twice"
                        )
                    } else {
                        fingerprints.append(canonical)
                    }
                case .failure(let problem):
                    error("invalid-fingerprint", "\(fingerprintsPath)[\(index)]", fields[.certificateFingerprints], problem.message)
                }
            }
            if texts.isEmpty {
                error("empty-value", fingerprintsPath, fields[.certificateFingerprints], "list at least one SHA-256 certificate fingerprint")
            }
        } else if fields[.certificateFingerprints] == nil {
            error(
                "missing-key",
                fingerprintsPath,
                node,
                "Android verifies the app by its signing certificate: add 'sha256-cert-fingerprints' (keytool -list -v, or Play Console's App signing page)"
            )
        }
        return AndroidApp(
            packages: packages,
            certificateFingerprints: fingerprints,
            loginCredentials: bool(fields[.loginCredentials], Self.join(path, AndroidKey.loginCredentials)) ?? false,
            dynamicRules: bool(fields[.dynamicRules], Self.join(path, AndroidKey.dynamicRules)) ?? false
        )
    }

    /// `package` or `packages`, each an Android package name, none twice.
    private mutating func readAndroidPackages(_ fields: SpecFields<AndroidKey>, _ node: DocumentNode, _ path: String) -> [String] {
        if fields.has(.package), fields.has(.packages) {
            error(
                "invalid-value",
                Self.join(path, AndroidKey.packages),
                fields[.packages],
                "write 'package' for one package name or 'packages' for several, not both"
            )
        }
        let key: AndroidKey = fields.has(.packages) ? .packages : .package
        let keyPath = Self.join(path, key)
        let names: [String]
        if key == .packages {
            names = stringList(fields[.packages], keyPath) ?? []
        } else {
            names = nonEmptyString(fields[.package], keyPath).map { [$0] } ?? []
        }
        if !fields.has(.package), !fields.has(.packages) {
            error("missing-key", Self.join(path, AndroidKey.package), node, "the Android app needs a 'package' (its applicationId), or 'packages'")
        } else if key == .packages, names.isEmpty, fields[.packages]?.elements != nil {
            error("empty-value", keyPath, fields[.packages], "list at least one package name")
        }
        var packages: [String] = []
        for (index, name) in names.enumerated() {
            let itemPath = key == .packages ? "\(keyPath)[\(index)]" : keyPath
            if !AndroidApp.isValidPackageName(name) {
                error(
                    "invalid-package",
                    itemPath,
                    fields[key],
                    "'\(name)' is not an Android package name; write two or more parts separated by dots, each a letter then letters, digits or _ (com.example.app)"
                )
            } else if packages.contains(name) {
                error("duplicate-value", itemPath, fields[key], "the package '\(name)' is listed twice")
            } else {
                packages.append(name)
            }
        }
        return packages
    }
}

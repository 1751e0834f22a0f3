import Roundtrip

extension AssociationLinter {
    /// The canonical place of the file.
    public static let wellKnownPath = "/.well-known/apple-app-site-association"

    /// Checks how a file is served: https, the well-known path, status 200 without redirects,
    /// `application/json`, and the size limit. A pure function of the described exchange.
    ///
    /// Rules: `serving-https`, `serving-path`, `serving-redirect`, `serving-status`,
    /// `serving-content-type`, `file-size`, and the note `wildcard-apex`: a subdomain that
    /// answers 404 may be claimed only through a wildcard, whose file iOS fetches from the apex
    /// (Apple's TN3155 "Debugging universal links").
    ///
    /// - Parameter exchange: What the server answered.
    /// - Returns: Findings, errors first.
    public static func lintServing(_ exchange: HTTPExchange) -> [LintFinding] {
        var findings: [LintFinding] = []
        if let split = try? URLSplit(exchange.url) {
            if split.scheme.lowercased() != "https" {
                findings.append(
                    LintFinding(
                        .error,
                        rule: "serving-https",
                        message:
                            "the file is requested over '\(split.scheme)'; Apple fetches it only over https with a valid certificate. Serve it at https://\(split.host)\(wellKnownPath)"
                    )
                )
            }
            if split.path != Substring(wellKnownPath) {
                if split.path == "/apple-app-site-association" {
                    findings.append(
                        LintFinding(
                            .note,
                            rule: "serving-path",
                            message: "the file is at the site root; Apple looks in /.well-known/ first. Serve it at \(wellKnownPath)"
                        )
                    )
                } else {
                    findings.append(
                        LintFinding(
                            .error,
                            rule: "serving-path",
                            message: "the file is at '\(split.path)'; Apple requests exactly \(wellKnownPath) (no .json extension)"
                        )
                    )
                }
            }
        } else {
            findings.append(LintFinding(.error, rule: "serving-https", message: "'\(exchange.url)' is not an absolute https URL"))
        }
        if let first = exchange.redirects.first {
            let chain = exchange.redirects.map { "\($0.status) \($0.from) -> \($0.location)" }.joined(separator: "; ")
            findings.append(
                LintFinding(
                    .error,
                    rule: "serving-redirect",
                    message:
                        "the request was redirected (\(chain)); Apple does not follow redirects for this file. Serve it directly at \(first.from)"
                )
            )
        }
        if exchange.status != 200 {
            findings.append(
                LintFinding(
                    .error,
                    rule: "serving-status",
                    message: "the final response has status \(exchange.status); it must be 200 with the file as the body"
                )
            )
            if exchange.status == 404, let parent = parentDomain(of: exchange.url) {
                findings.append(
                    LintFinding(
                        .note,
                        rule: "wildcard-apex",
                        message:
                            "if this host is claimed only through a wildcard (applinks:*.\(parent)), no file is needed here: iOS verifies a wildcard with the apex's file, https://\(parent)\(wellKnownPath) (Apple's TN3155); check that one instead"
                    )
                )
            }
        }
        let contentType = exchange.header("Content-Type")
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingSpaces().lowercased() }
        if mediaType != "application/json" {
            let actual = contentType.map { "'\($0)'" } ?? "no Content-Type"
            findings.append(
                LintFinding(
                    .error,
                    rule: "serving-content-type",
                    message: "the response has \(actual); serve the file with Content-Type: application/json"
                )
            )
        }
        if let size = exchange.bodySize
            ?? exchange.header("Content-Length").flatMap({ Int($0) }).flatMap({ exchange.header("Content-Encoding") == nil ? $0 : nil }),
            size > maximumSize
        {
            findings.append(
                LintFinding(
                    .error,
                    rule: "file-size",
                    message: "the body is \(size) bytes; Apple accepts at most \(maximumSize) bytes (128 KB) uncompressed"
                )
            )
        }
        return sorted(findings)
    }
}

extension AssociationLinter {
    /// The domain above a URL's host (`example.com` for `https://www.example.com/…`) when the host
    /// has at least three labels, so that a wildcard one label up is a registrable domain.
    fileprivate static func parentDomain(of url: String) -> String? {
        guard let split = try? URLSplit(url) else { return nil }
        let labels = split.host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 3, !labels.contains(where: \.isEmpty), !split.host.hasPrefix("[") else { return nil }
        return labels.dropFirst().joined(separator: ".")
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

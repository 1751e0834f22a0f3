import Foundation

/// Debian's `zbarimg` (package zbar-tools), an independent QR decoder, reading a screenshot.
enum QRScanner {
    /// The text of the first QR code in the image, or `nil` when zbarimg is missing or finds none.
    static func decode(_ image: URL) -> String? {
        let executable = "/usr/bin/zbarimg"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["30", executable, "--quiet", "--raw", image.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

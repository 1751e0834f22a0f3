import Foundation
import Hummingbird

/// JSON responses with sorted keys and unescaped slashes, so bodies are stable and readable.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only plain value types are encoded here, which cannot fail.
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":{"code":"internal","message":"encoding failed"}}"#.utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

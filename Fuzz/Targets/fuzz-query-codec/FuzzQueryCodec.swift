import Roundtrip

/// libFuzzer entry point: the strict query codec and URL split on arbitrary bytes must answer,
/// never crash, and what the encoder writes must decode back to the same items.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryCodec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? URLSplit(text)
    if let items = try? QueryCodec.decode(text, allowDuplicates: true) {
        let encoded = QueryCodec.encode(items)
        guard let again = try? QueryCodec.decode(encoded, allowDuplicates: true), again == items else {
            fatalError("encode → decode changed \(items)")
        }
    }
    return 0
}

/// libFuzzer's driver, called from the executable's entry point: SwiftPM names an executable's
/// `main` after its module, so the target enters through it instead of libFuzzer's own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("fuzz_query_codec_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzQueryCodec(data, size) }
}

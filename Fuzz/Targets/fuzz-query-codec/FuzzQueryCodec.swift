import FuzzSupport
import Roundtrip

/// libFuzzer entry point: the strict query codec and URL split on arbitrary bytes must answer,
/// never crash, and what the encoder writes must decode back to the same items.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryCodec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzDriver.text(data, size)
    _ = try? URLSplit(text)
    if let items = try? QueryCodec.decode(text, allowDuplicates: true) {
        let encoded = QueryCodec.encode(items)
        guard let again = try? QueryCodec.decode(encoded, allowDuplicates: true), again == items else {
            fatalError("encode → decode changed \(items)")
        }
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:_:)``.
@_cdecl("fuzz_query_codec_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzQueryCodec)
}

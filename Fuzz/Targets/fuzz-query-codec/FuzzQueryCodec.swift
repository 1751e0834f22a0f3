import FuzzSupport
import Roundtrip

/// The strict query codec and URL split on arbitrary bytes must answer, never crash, and what the
/// encoder writes must decode back to the same items.
func fuzzQueryCodec(_ text: String) {
    _ = try? URLSplit(text)
    if let items = try? QueryCodec.decode(text, allowDuplicates: true) {
        let encoded = QueryCodec.encode(items)
        guard let again = try? QueryCodec.decode(encoded, allowDuplicates: true), again == items else {
            fatalError("encode → decode changed \(items)")
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_query_codec_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv) { bytes in fuzzQueryCodec(FuzzDriver.text(bytes)) }
}

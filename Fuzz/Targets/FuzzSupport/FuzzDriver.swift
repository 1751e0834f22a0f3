import Foundation

/// What every fuzz target shares: libFuzzer's driver, the repository's fixtures, invariant checks
/// and a way to wait for async library calls from libFuzzer's synchronous callback.
public enum FuzzDriver {
    /// What a target does with one input.
    public typealias Body = (UnsafeBufferPointer<UInt8>) -> Void

    /// The running target's body, called by ``fuzzTestOneInput(_:_:)``; set once, before
    /// libFuzzer starts.
    nonisolated(unsafe) static var body: Body = { _ in }

    /// Runs libFuzzer on `body`. Each target calls this from its `@_cdecl("<module>_main")`
    /// entry point: SwiftPM names an executable's `main` after its module (and links `main` to
    /// that name), so a target enters there instead of through libFuzzer's own `main`.
    ///
    /// - Parameters:
    ///   - setUp: Builds what the target keeps for every input (a spec, an endpoint) before the
    ///     first one. Made during an input, it would be reported as a leak: LeakSanitizer cannot
    ///     see pointers that Swift stores with enum tag bits in them.
    ///   - body: What the target does with one input; it stops the run to report a bug.
    public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, setUp: () -> Void = {}, _ body: @escaping Body) -> CInt {
        __lsan_disable()
        setUp()
        wait {}  // The concurrency runtime's first task allocates what it keeps for good.
        __lsan_enable()
        self.body = body
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, fuzzTestOneInput)
    }

    /// The input as text; invalid UTF-8 becomes U+FFFD, as any `String` made from bytes would.
    public static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The path of a file in `Tests/Fixtures`, so targets use the fixtures the tests use.
    public static func fixture(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative).path
    }

    /// Stops the run (libFuzzer saves the input) when an invariant does not hold.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
        if !condition { fatalError("invariant broken: " + message(), file: file, line: line) }
    }

    /// Runs an async operation to completion and returns its result. libFuzzer calls a target
    /// synchronously; the library's calling side and replay guards are actors.
    public static func wait<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await operation()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

/// Carries a result out of a task; the semaphore orders the write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// LeakSanitizer ignores what is allocated between these two (`sanitizer/lsan_interface.h`).
@_silgen_name("__lsan_disable")
private func __lsan_disable()
@_silgen_name("__lsan_enable")
private func __lsan_enable()

/// libFuzzer's entry point for one input, defined once here for every target: it runs the body
/// the target gave ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzDriver.body(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's driver (declared in `FuzzerInterface.h`), linked in by `-sanitize=fuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

import Roundtrip

/// Lets a closure created before the caller reach it.
public actor CallerBox {
    /// The caller, once set.
    public private(set) var caller: Caller?

    /// Creates an empty box.
    public init() {}

    /// Puts `caller` in the box.
    public func set(_ caller: Caller) { self.caller = caller }
}

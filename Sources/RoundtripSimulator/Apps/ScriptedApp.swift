/// A simulated app whose URL handling is a closure: a hijacker, or a web page's script.
public struct ScriptedApp: AppBehavior {
    /// What the app does with a URL.
    public typealias Handler = @Sendable (_ url: String, _ source: String?, _ context: AppContext) async -> Void

    private let handler: Handler

    /// An app that runs `handler` for every URL.
    public init(_ handler: @escaping Handler) { self.handler = handler }

    public func finishLaunching(_ context: AppContext) async {}

    public func open(_ url: String, source: String?, context: AppContext) async {
        await handler(url, source, context)
    }
}

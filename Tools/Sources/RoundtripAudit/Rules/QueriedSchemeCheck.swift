/// `LSApplicationQueriesSchemes` beyond iOS's limit of 50.
struct QueriedSchemeCheck: AuditCheck {
    /// The most schemes iOS honours for `canOpenURL(_:)`.
    static let limit = 50

    func findings(in context: AuditContext) -> [Finding] {
        let queried = context.surface.queriedSchemes
        guard queried.count > Self.limit else { return [] }
        return [
            Finding(
                .tooManyQueriedSchemes,
                "LSApplicationQueriesSchemes lists \(queried.count) schemes; iOS ignores all after the first \(Self.limit) ('\(queried[Self.limit].scheme)' onwards)",
                at: context.target.app.infoLocation("LSApplicationQueriesSchemes")
            )
        ]
    }
}

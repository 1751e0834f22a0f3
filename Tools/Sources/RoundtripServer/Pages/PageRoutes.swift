import Hummingbird
import Roundtrip

/// The server-rendered pages: home (create a test), a test, history, the URL inspector and the
/// AASA and assetlinks checkers.
struct PageRoutes: Sendable {
    let tester: ULCTester
    let specs: [Spec]
    let domains: [String]
    /// Where the pages' heavy work runs: off the pool that answers `/healthz`, under a budget.
    let heavyWork: HeavyPageWork
    /// The matching steps one `/aasa-check` request may take.
    let aasaCheckWorkLimit: Int
    /// The matching steps one `/assetlinks-check` request may take.
    let assetLinksCheckWorkLimit: Int

    /// The largest form body read (a pasted spec, AASA or assetlinks file).
    static let maximumForm = 256 * 1024

    func register<Context: RequestContext>(on router: Hummingbird.Router<Context>) {
        router.get("/") { _, _ in HomePage(domains: domains).page.response() }
        router.post("/tests") { request, context in try await createTest(request, context: context) }
        router.get("/tests") { _, _ in try await history() }
        router.get("/tests/:id") { _, context in try await show(id: try context.parameters.require("id")) }
        router.get("/inspect") { request, _ in
            let page = InspectorPage(specs: specs)
            guard let query = request.uri.query else { return page.page.response() }
            let now = tester.clock.now()
            return try await heavyWork.run {
                var page = page
                page.decideLink(query: query, now: now)
                return page
            }.page.response()
        }
        router.post("/inspect") { request, _ in
            let form = try await FormBody.decode(InspectForm.self, from: request, limit: Self.maximumForm)
            var page = InspectorPage(specs: specs)
            page.input = .init(
                url: form.url ?? "",
                source: form.source ?? "",
                specIndex: Int(form.spec ?? "") ?? 0,
                specText: form.specText ?? ""
            )
            let now = tester.clock.now()
            return try await heavyWork.run { [page] in
                var page = page
                page.decide(now: now)
                return page
            }.page.response()
        }
        router.get("/aasa-check") { _, _ in AASACheckerPage().page.response() }
        router.post("/aasa-check") { request, _ in
            let form = try await FormBody.decode(AASACheckForm.self, from: request, limit: Self.maximumForm)
            let page = AASACheckerPage(
                input: .init(file: form.file ?? "", urls: form.urls ?? "", appID: form.appID ?? ""),
                workLimit: aasaCheckWorkLimit
            )
            return try await heavyWork.run {
                var page = page
                page.check()
                return page
            }.page.response()
        }
        router.get("/assetlinks-check") { _, _ in AssetLinksCheckerPage().page.response() }
        router.post("/assetlinks-check") { request, _ in
            let form = try await FormBody.decode(AssetLinksCheckForm.self, from: request, limit: Self.maximumForm)
            let page = AssetLinksCheckerPage(
                input: .init(file: form.file ?? "", urls: form.urls ?? "", package: form.package ?? "", fingerprint: form.fingerprint ?? ""),
                workLimit: assetLinksCheckWorkLimit
            )
            return try await heavyWork.run {
                var page = page
                page.check()
                return page
            }.page.response()
        }
    }

    /// The home page's form.
    private struct TestForm: Decodable {
        let target: String?
    }

    /// The inspector's form.
    private struct InspectForm: Decodable {
        let url: String?
        let source: String?
        let spec: String?
        let specText: String?

        enum CodingKeys: String, CodingKey {
            case url, source, spec
            case specText = "spec_text"
        }
    }

    /// The AASA checker's form.
    private struct AASACheckForm: Decodable {
        let file: String?
        let urls: String?
        let appID: String?

        enum CodingKeys: String, CodingKey {
            case file, urls
            case appID = "app_id"
        }
    }

    /// The assetlinks checker's form.
    private struct AssetLinksCheckForm: Decodable {
        let file: String?
        let urls: String?
        let package: String?
        let fingerprint: String?
    }

    func createTest(_ request: Request, context: some RequestContext) async throws -> Response {
        let target = try await FormBody.decode(TestForm.self, from: request, limit: Self.maximumForm).target ?? ""
        do {
            let test = try await tester.start(target: target)
            context.logger.info("tester run created", metadata: ["id": "\(test.id)", "kind": "\(test.kind.rawValue)"])
            // The one answer that shows the link (it holds the callback token): no post/redirect/get,
            // since the page it would redirect to is readable by anyone with the public id.
            return testPage(test, showsLink: true).page.response(status: .created)
        } catch let error as APIError {
            return HomePage(domains: domains, target: target, error: error.message).page.response(status: .badRequest)
        }
    }

    func history() async throws -> Response {
        let rows = try await tester.recent(limit: 100).map { ($0, tester.status(of: $0), tester.elapsed(of: $0)) }
        return HistoryPage(rows: rows).page.response()
    }

    func show(id: String) async throws -> Response {
        guard let test = try await tester.test(id: id) else {
            throw PageError(status: .notFound, message: "No test has the id '\(id)'.")
        }
        return testPage(test, showsLink: false).page.response()
    }

    private func testPage(_ test: ULCTest, showsLink: Bool) -> TestPage {
        TestPage(
            test: test,
            status: tester.status(of: test),
            elapsed: tester.elapsed(of: test),
            timeoutSeconds: tester.timeoutMilliseconds / 1000,
            showsLink: showsLink
        )
    }
}

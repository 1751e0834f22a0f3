import Testing
@testable import Roundtrip

@Test func seedReturnURLRoundTrip() throws {
    let endpoint = try Endpoint(spec: try SpecLoader.load(contentsOf: Fixture.path("specs/terminal.yaml")).spec)
    let request = try endpoint.evaluate("com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123")
    #expect(request.callbacks["return"] == "my-return-url://?record_id=123")
}

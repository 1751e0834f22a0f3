import Foundation
import Roundtrip
import RoundtripAssociatedDomains
import Testing

@Suite struct AssociationLocalizedErrorTests {
    @Test func anAssociationErrorSaysItsMessageAndPlace() throws {
        do {
            _ = try AssociationFile(json: Array("{\"applinks\": [}".utf8))
            Issue.record("decoded a broken file")
        } catch {
            let position = try #require(error.position)
            #expect((error as any Error).localizedDescription == "\(position): \(error.message)")
        }
        let unplaced = AssociationError(.syntax, "the file is empty")
        #expect((unplaced as any Error).localizedDescription == "the file is empty")
    }
}

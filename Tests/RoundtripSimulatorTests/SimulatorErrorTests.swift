import Foundation
import RoundtripSimulator
import Testing

@Suite struct SimulatorErrorTests {
    @Test func aSimulatorErrorSaysItsMessage() {
        let error = SimulatorError(message: "com.example.app is not installed")
        #expect((error as any Error).localizedDescription == "com.example.app is not installed")
    }
}

#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import Roundtrip
import RoundtripUIKit
import SwiftUI

/// The card terminal app: each charge request SwiftUI delivers is decided by the terminal
/// (`onRoundtripURL`), and the clerk's answer opens the point of sale's return URL through the
/// system's opener. It is unavailable in app extensions and spells out `@MainActor` for the
/// reasons `POSApp` gives.
@main
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
struct TerminalApp: App {
    @StateObject private var store = TerminalStore.live(opener: Self.systemOpener)

    var body: some Scene {
        WindowGroup {
            ChargeView(store: store)
                .onRoundtripURL { [store] incoming in
                    await store.receive(incoming.url)
                }
        }
    }

    /// `UIApplication.open` on iOS and tvOS, `NSWorkspace.open` on macOS.
    private static var systemOpener: any URLOpener {
        #if canImport(UIKit)
        ApplicationURLOpener()
        #else
        WorkspaceURLOpener()
        #endif
    }
}
#endif

#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import Roundtrip
import RoundtripUIKit
import SwiftUI

/// The point of sale app: every URL SwiftUI delivers goes to the checkout through
/// `onRoundtripURL`, and requests open through the system's opener.
///
/// `ApplicationURLOpener` uses `UIApplication.shared`, which app extensions may not use, so the
/// app is unavailable in them; an extension would use `ExtensionContextURLOpener` instead.
/// `@MainActor` is spelled out for SDKs before iOS 18 and macOS 15, whose `App` and `View`
/// isolate only `body` to the main actor.
@main
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
struct POSApp: App {
    @StateObject private var store = CheckoutStore.live(opener: Self.systemOpener)
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            SalesView(store: store)
                .onRoundtripURL { [store] incoming in
                    await store.receive(incoming.url)
                }
                .task {
                    await store.restore()
                }
                .onChange(of: scenePhase) { [store] phase in
                    if phase == .active {
                        Task { await store.becameActive() }
                    }
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

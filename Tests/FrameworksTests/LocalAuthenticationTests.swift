import Foundation
import LocalAuthentication
import XCTest

/// A device with no biometry and no passcode: every policy is refused, with Apple's errors for such a
/// device, through each of the ways apps receive them.
final class LocalAuthenticationTests: XCTestCase {
    func testNoPolicyCanBeEvaluated() throws {
        let context = LAContext()
        var error: NSError?
        XCTAssertFalse(context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
        XCTAssertEqual(error?.domain, LAErrorDomain)
        XCTAssertEqual(error?.code, LAError.passcodeNotSet.rawValue)
        XCTAssertEqual(error?.localizedDescription, "Passcode not set.")
        XCTAssertEqual((error as? LAError)?.code, .passcodeNotSet, "the NSError casts to LAError, as on Apple's platforms")

        error = nil
        XCTAssertFalse(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        XCTAssertEqual((error as? LAError)?.code, .biometryNotAvailable)
        XCTAssertFalse(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithCompanion, error: nil))
        XCTAssertEqual(context.biometryType, .none)
        XCTAssertNil(context.evaluatedPolicyDomainState)
    }

    func testEvaluatingRepliesWithTheErrorOnAnotherQueue() {
        let replied = expectation(description: "reply")
        LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
            XCTAssertFalse(success)
            XCTAssertEqual((error as? LAError)?.code, .biometryNotAvailable)
            replied.fulfill()
        }
        wait(for: [replied], timeout: 5)
    }

    func testEvaluatingAsyncThrows() async {
        do {
            _ = try await LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock")
            XCTFail("a device without a passcode cannot authenticate its owner")
        } catch LAError.passcodeNotSet {
            // Matched as apps match it.
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testErrorsBridgeBothWays() {
        let error = LAError(.userCancel)
        let bridged = error as NSError
        XCTAssertEqual(bridged.domain, "com.apple.LocalAuthentication")
        XCTAssertEqual(bridged.code, -2)
        XCTAssertEqual((bridged as Error as? LAError)?.code, .userCancel)
        XCTAssertNil(NSError(domain: "other", code: -2) as Error as? LAError)
        XCTAssertEqual(error.localizedDescription, "Canceled by user.")
        XCTAssertEqual(LAError(.passcodeNotSet), LAError(.passcodeNotSet))
    }

    func testSettingsAreKept() {
        let context = LAContext()
        context.localizedFallbackTitle = "Enter Passcode"
        context.localizedCancelTitle = "Not now"
        context.touchIDAuthenticationAllowableReuseDuration = 10_000
        context.interactionNotAllowed = true
        XCTAssertEqual(context.localizedFallbackTitle, "Enter Passcode")
        XCTAssertEqual(context.localizedCancelTitle, "Not now")
        XCTAssertEqual(context.touchIDAuthenticationAllowableReuseDuration, LATouchIDAuthenticationMaximumAllowableReuseDuration)
        XCTAssertTrue(context.interactionNotAllowed)
        XCTAssertFalse(context.setCredential(Data("pw".utf8), type: .applicationPassword))
    }
}

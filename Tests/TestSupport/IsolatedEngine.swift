import Layers
import Testing

/// Gives each test its own `CAEngine`, bound as `CAEngine.current` for the test's whole body.
///
/// Why: Swift Testing runs tests in parallel, and the static APIs (`CATransaction`,
/// `UIView.animate`, timers) address the current engine; unbound, every test would share
/// `CAEngine.main`. On a suite the trait applies to each test in it: `@Suite(.isolatedEngine)`.
public struct IsolatedEngineTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // Suites get a scope too; only test cases need an engine of their own.
        guard testCase != nil else { return try await function() }
        let engine = CAEngine()
        // Misuse a test provokes is read from `diagnostics`; the log is for failures.
        engine.reportSink = { _ in }
        try await engine.perform { try await function() }
    }
}

extension Trait where Self == IsolatedEngineTrait {
    /// Each test runs with a fresh engine as `CAEngine.current`.
    public static var isolatedEngine: Self { IsolatedEngineTrait() }
}

import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("tick", 4),
        ("植物", 4),
        ("まだ植物が見えていない", 22),
        ("Привет", 6),
        ("e\u{301}", 1),
        ("ｱ", 1),
        ("🌱", 2),
    ])
    func measures(text: String, columns: Int) {
        #expect(displayWidth(text) == columns)
    }

    @Test func padsToDisplayWidth() {
        #expect(padded("植物", to: 6) == "植物  ")
        #expect(padded("long text", to: 3) == "long text")
    }
}

import Testing
@testable import DaemonRuntime

/// The slots a server keeps for its clients: silent clients give way to newcomers, ones
/// being answered never do.
@Suite("ClientSlots")
struct ClientSlotsTests {
    @Test("when all slots are taken, the longest silent client is let go for a newcomer")
    func oldestSilentGoes() {
        let slots = ClientSlots<Int>(limit: 3, perGroup: 3)
        var gone: [Int] = []
        let tickets = (1...3).map { slots.admit($0, group: nil) { gone.append($0) } }
        #expect(tickets.allSatisfy { $0 != nil } && gone.isEmpty)
        slots.answering(tickets[0]!)
        #expect(slots.admit(4, group: nil) { gone.append($0) } != nil)
        #expect(gone == [2], "the first is answered, so the second, the oldest silent one, goes")
        #expect(slots.count == 3)
    }

    @Test("a group over its share gives way within itself; other groups keep their slots")
    func groupShare() {
        let slots = ClientSlots<String>(limit: 10, perGroup: 2)
        var gone: [String] = []
        _ = slots.admit("a1", group: "a") { gone.append($0) }
        _ = slots.admit("b1", group: "b") { gone.append($0) }
        _ = slots.admit("a2", group: "a") { gone.append($0) }
        #expect(slots.admit("a3", group: "a") { gone.append($0) } != nil)
        #expect(gone == ["a1"])
    }

    @Test("when every slot is being answered a newcomer is refused; one that leaves frees its slot")
    func allAnswering() {
        let slots = ClientSlots<Int>(limit: 2, perGroup: 2)
        let first = slots.admit(1, group: nil) { _ in }!, second = slots.admit(2, group: nil) { _ in }!
        slots.answering(first)
        slots.answering(second)
        #expect(slots.admit(3, group: nil) { _ in Issue.record("an answered client was let go") } == nil)
        slots.leave(first)
        #expect(slots.count == 1)
        #expect(slots.admit(3, group: nil) { _ in } != nil)
    }
}

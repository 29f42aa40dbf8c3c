import ActivityKit
import AppIntents
import Accessory
import Canvas
import FoundationEssentials
import Testing
import TestSupport

/// The delivery app's Live Activity and the home app's Controls (DeliveryActivity.swift,
/// HomeControls.swift: Apple's imports, nothing changed), offered, drawn and performed.
@Suite("Live Activities and Controls", .serialized)
struct LiveActivityTests {
    static func record(_ state: DeliveryAttributes.ContentState, stale: Bool = false) throws -> ActivityRecord {
        var book = ActivityBook()
        let attributes = try ActivityCoding.encode(DeliveryAttributes(orderNumber: "A-7", restaurant: "Luigi's"))
        try book.start(
            id: "token", attributesType: "DeliveryAttributes", attributes: attributes, state: try ActivityCoding.encode(state),
            staleDate: stale ? testNow : nil, relevanceScore: 0, timestamp: testNow, now: testNow)
        book.settle(now: testNow)
        return try #require(book.record("token"))
    }

    static let onTheWay = DeliveryAttributes.ContentState(stage: .onTheWay, eta: testNow.addingTimeInterval(600), stopsAway: 2)

    func presentation(_ record: ActivityRecord) throws -> ActivityPresentation {
        let presenter = try #require(HomeBundle().activityPresenters.first)
        #expect(presenter.attributesType == "DeliveryAttributes")
        return try #require(presenter.present(record, testNow))
    }

    @Test("the bundle registers the activity's presenter apart from its widgets (no kind a configuration could name) and two controls as circular or rectangular widgets")
    func bundle() {
        let catalog = HomeBundle().catalog
        #expect(catalog.activities.map(\.attributesType) == ["DeliveryAttributes"])
        let descriptors = catalog.widgets
        #expect(descriptors.map(\.kind) == ["org.example.home.lamp", "org.example.home.scene"])
        #expect(descriptors[0].supportedFamilies == [.accessoryCircular, .accessoryRectangular])
        #expect(descriptors[0].displayName == "Desk lamp" && descriptors[0].description == "Turns the desk lamp on and off.")
        #expect(descriptors[1].parameters.map(\.name) == ["sceneName"])
    }

    @Test("the lock screen's view is drawn from the pushed state; stale, it says so")
    func lockScreenView() throws {
        let env = testEnvironment(.systemMedium)
        let fresh = try presentation(Self.record(Self.onTheWay)).lockScreen.place(size: Size(width: 364, height: 160), environment: env)
        #expect(fresh.texts.contains("Luigi's") && fresh.texts.contains("2 stops away"))
        #expect(!fresh.texts.contains("Updating…"))
        let stale = try presentation(Self.record(Self.onTheWay, stale: true)).lockScreen.place(size: Size(width: 364, height: 160), environment: env)
        #expect(stale.texts.contains("Updating…"))
    }

    @Test("the island's compact view has both sides in a line; the minimal one, the stops; the tap goes to the widget URL")
    func island() throws {
        let presented = try presentation(Self.record(Self.onTheWay))
        let compact = presented.compact.place(size: Size(width: 160, height: 72), environment: testEnvironment(.accessoryRectangular))
        #expect(compact.texts.count == 2, "the symbol on the leading side, the timer on the trailing one")
        let minimal = presented.minimal.place(size: Size(width: 72, height: 72), environment: testEnvironment(.accessoryCircular))
        #expect(minimal.texts == ["2"])
        #expect(presented.url?.absoluteString == "delivery://order/A-7")
        let expanded = presented.expanded.place(size: Size(width: 364, height: 160), environment: testEnvironment(.systemMedium))
        #expect(expanded.texts.contains("Order A-7"))
    }

    @Test("a state that does not decode as the attributes' is not drawn")
    func undecodable() throws {
        var record = try Self.record(Self.onTheWay)
        record.state = Data(#"{"stage":"teleported"}"#.utf8)
        let presenter = try #require(HomeBundle().activityPresenters.first)
        #expect(presenter.present(record, testNow) == nil)
    }

    @Test("#Preview with content states draws one entry per state")
    func previews() {
        let previews = AccessoryPreview.all.filter { $0.name == "Delivery" || $0.name == "Island" }
        #expect(previews.map(\.entries.count).sorted() == [1, 2])
    }

    @Test("Activity.request hands the start to the daemon's queue; content over 4 KB is refused at once")
    func request() async throws {
        var operations = ActivityCenter.shared.operations().makeAsyncIterator()
        let activity = try Activity.request(
            attributes: DeliveryAttributes(orderNumber: "B-1", restaurant: "Pho"), content: ActivityContent(state: Self.onTheWay, staleDate: nil), pushType: .token)
        #expect(activity.pushToken?.count == 32)
        // Other tests' daemons may submit too: the start of this activity comes among them.
        var started: (id: String, type: String)?
        while started == nil, let operation = await operations.next() {
            if case let .start(id, type, _, _, _) = operation, id == activity.id { started = (id, type) }
        }
        #expect(started?.type == "DeliveryAttributes")
        #expect(Activity<DeliveryAttributes>.activities.contains { $0.id == activity.id })
        let huge = DeliveryAttributes(orderNumber: String(repeating: "x", count: 5000), restaurant: "")
        #expect(throws: ActivityAuthorizationError.attributesTooLarge) {
            try Activity.request(attributes: huge, content: ActivityContent(state: Self.onTheWay, staleDate: nil))
        }
    }

    @Test("the lamp toggle sets the value a tap chooses before performing, then reads it back")
    func toggle() async throws {
        LampStore.isOn = false
        let lamp = try HomeBundle().descriptors[0].instantiate([:])
        let context = TimelineProviderContext(family: .accessoryCircular, displaySize: CGSize(width: 72, height: 72), date: testNow)
        let off = try await lamp.timeline(context)
        let placed = off.entries[0].place(size: Size(width: 72, height: 72), environment: testEnvironment(.accessoryCircular))
        let control = try #require(placed.controls.first?.control)
        #expect(control.isOn == false)
        try await control.action.perform()
        #expect(LampStore.isOn)
        let on = try await lamp.timeline(context).entries[0].place(size: Size(width: 72, height: 72), environment: testEnvironment(.accessoryCircular))
        #expect(on.controls.first?.control.isOn == true)
    }

    @Test("the scene button is configured by its intent's parameter and performs with it")
    func button() async throws {
        LampStore.scenesRun = []
        let scene = try HomeBundle().descriptors[1].instantiate(["sceneName": "Movie night"])
        let context = TimelineProviderContext(family: .accessoryCircular, displaySize: CGSize(width: 72, height: 72), date: testNow)
        let placed = try await scene.timeline(context).entries[0].place(size: Size(width: 72, height: 72), environment: testEnvironment(.accessoryCircular))
        let control = try #require(placed.controls.first?.control)
        #expect(control.isOn == nil)
        try await control.action.perform()
        #expect(LampStore.scenesRun == ["Movie night"])
    }
}

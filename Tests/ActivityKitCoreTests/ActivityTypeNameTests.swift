@testable import ActivityKitCore
import Testing

/// Attributes types as apps write them: top level, nested in the app's own types, generic.
struct PizzaDeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var minutes: Int }
    var order: String
}

enum Ride {
    struct Attributes: ActivityAttributes {
        struct ContentState: Codable, Hashable { var stop: String }
    }
}

struct Tracked<Payload: Codable>: ActivityAttributes {
    struct ContentState: Codable, Hashable { var step: Int }
    var payload: Payload
}

@Suite("The attributes type's name")
struct ActivityTypeNameTests {
    @Test("a push's attributes-type is the type's name as String(describing:) prints it, nested and generic types too")
    func typeNameAsPrinted() {
        #expect(Activity<PizzaDeliveryAttributes>.typeName == "PizzaDeliveryAttributes")
        #expect(Activity<PizzaDeliveryAttributes>.typeName == String(describing: PizzaDeliveryAttributes.self))
        #expect(Activity<Ride.Attributes>.typeName == String(describing: Ride.Attributes.self))
        #expect(Activity<Tracked<[Int]>>.typeName == String(describing: Tracked<[Int]>.self))
    }
}

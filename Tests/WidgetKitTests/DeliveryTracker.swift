// The app's side of the delivery Live Activity, as an app's activity manager writes it:
// whether activities are allowed, a start with a push token for the server, updates
// with an alert, an end that leaves at once or later, the running activities found again.
import AppIntents
import ActivityKit
import Foundation

enum DeliveryTracker {
    /// Starts tracking an order; nil when activities are turned off.
    static func start(order: String, from restaurant: String, eta: Date) throws -> Activity<DeliveryAttributes>? {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else { return nil }
        let state = DeliveryAttributes.ContentState(stage: .preparing, eta: eta, stopsAway: 5)
        let content = ActivityContent(state: state, staleDate: eta.addingTimeInterval(900), relevanceScore: 50)
        return try Activity.request(attributes: DeliveryAttributes(orderNumber: order, restaurant: restaurant), content: content, pushType: .token)
    }

    /// The token to hand the server, as hex.
    static func serverToken(_ activity: Activity<DeliveryAttributes>) async -> String? {
        for await token in activity.pushTokenUpdates {
            return token.map { String(format: "%02x", $0) }.joined()
        }
        return activity.pushToken.map { $0.map { String(format: "%02x", $0) }.joined() }
    }

    /// The rider is near: a new state, and an alert.
    static func arriving(_ activity: Activity<DeliveryAttributes>) async {
        var state = activity.content.state
        state.stage = .onTheWay
        state.stopsAway = 1
        let alert = AlertConfiguration(title: "Almost there", body: "One stop away", sound: .default)
        await activity.update(ActivityContent(state: state, staleDate: nil), alertConfiguration: alert)
    }

    /// Delivered: the last state stays a minute, or goes at once when the user opened the app.
    static func delivered(_ activity: Activity<DeliveryAttributes>, appOpen: Bool) async {
        var state = activity.content.state
        state.stage = .arrived
        let policy: ActivityUIDismissalPolicy = appOpen ? .immediate : .after(.now.addingTimeInterval(60))
        await activity.end(ActivityContent(state: state, staleDate: nil), dismissalPolicy: policy)
    }

    /// The orders still tracked when the app comes back.
    static var running: [String] {
        Activity<DeliveryAttributes>.activities.filter { $0.activityState == .active || $0.activityState == .pending }.map(\.attributes.orderNumber)
    }
}

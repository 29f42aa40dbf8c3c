import Accessory
import Canvas
import Combine
import Foundation
import SwiftUI
import Testing
import TestSupport

/// An app's ObservableObject model in a widget (CombineWidgets.swift): Combine's
/// publishers run, and the views read the model through SwiftUI's wrappers.
@Suite("Combine in widgets")
struct CombineWidgetsTests {
    @Test("the model's publishers run: a subject's readings reach @Published through map and removeDuplicates, and objectWillChange fires")
    func publishers() {
        let store = PlantStore(name: "Fern", moisture: 0.5)
        var changes = 0
        let watch = store.objectWillChange.sink { changes += 1 }
        store.readings.send(1.7)
        store.readings.send(1.0)
        store.readings.send(0.2)
        #expect(store.moisture == 0.2 && store.needsWater)
        #expect(changes == 2, "1.7 and 1.0 are both 1 once clamped: one change for them, one for 0.2")
        watch.cancel()
        var seen: [Double] = []
        let values = store.$moisture.sink { seen.append($0) }
        store.moisture = 0.9
        #expect(seen == [0.2, 0.9])
        values.cancel()
    }

    @Test("the widget draws its model from the environment; a binding into it writes through")
    func drawn() {
        let placed = place(.accessoryRectangular) { PlantView().environmentObject(PlantStore(name: "Fern", moisture: 0.25)) }
        #expect(placed.texts.contains("FERN") && placed.texts.contains("Water me") && placed.texts.contains("25"))
        #expect(!placed.texts.contains("spare"), "the hidden state object's name")
        let store = PlantStore(name: "Fern", moisture: 0.25)
        let gauge = ObservedObject(wrappedValue: store)
        gauge.projectedValue.name.wrappedValue = "Ivy"
        #expect(store.name == "Ivy")
    }
}

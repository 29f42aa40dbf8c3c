import EnergyData
import Foundation
import SwiftData

// The app's side: records a meter reading in the App Group's store, as the app does when
// the user reads the meter. `energylog 12345.6 [note]`
let arguments = CommandLine.arguments.dropFirst()
guard let text = arguments.first, let total = Double(text) else {
    FileHandle.standardError.write(Data("usage: energylog TOTAL_KWH [NOTE]\n".utf8))
    exit(64)
}
do {
    let context = ModelContext(try MeterReading.container(writing: true))
    context.insert(MeterReading(date: Date(), total: total, note: arguments.dropFirst().first))
    try context.save()
} catch {
    FileHandle.standardError.write(Data("energylog: \(error)\n".utf8))
    exit(1)
}

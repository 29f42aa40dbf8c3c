import CoreData
import MatchData

// The app's side: records a match, `matchlog OPPONENT OURS THEIRS`, in the App Group's
// store the widget reads.
let arguments = CommandLine.arguments
guard arguments.count == 4, let ours = Int16(arguments[2]), let theirs = Int16(arguments[3]) else {
    print("usage: matchlog OPPONENT OURS THEIRS")
    exit(2)
}
let context = MatchStore.container(readOnly: false).viewContext
let match = Match(context: context)
match.opponent = arguments[1]
match.ours = ours
match.theirs = theirs
match.played = Date()
do {
    try context.save()
} catch {
    print("matchlog: \(error.localizedDescription)")
    exit(1)
}

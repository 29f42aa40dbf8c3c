import CoreData
import Testing

/// `NSPredicate(format:)` as CoreData reads it, against dictionaries of values (which
/// Apple's predicates read by key too).
@Suite("NSPredicate(format:)")
struct PredicateFormatTests {
    let chore: [String: Any] = [
        "title": "Empty the Dishwasher", "points": Int64(3), "weight": 1.5, "done": false, "note": NSNull(),
        "due": Date(timeIntervalSince1970: 1_000), "tags": ["kitchen", "daily"],
        "room": ["name": "Küche", "floor": Int64(0)] as [String: Any],
    ]

    @Test("comparisons, string operators and their options, aggregates, logic and literals evaluate as Apple's do", arguments: [
        ("points == 3", true), ("points = 3.0", true), ("points != 3", false), ("points <> 4", true),
        ("points > 2 AND points <= 3", true), ("points => 4 || weight < 2", true), ("points =< 2", false),
        ("done == NO", true), ("done == FALSE", true), ("done == YES", false), ("done == 0", true),
        ("note == nil", true), ("note == NULL", true), ("missing == nil", true), ("title != nil", true),
        ("title BEGINSWITH 'Empty'", true), ("title BEGINSWITH 'empty'", false), ("title BEGINSWITH[c] 'empty'", true),
        ("title ENDSWITH \"washer\"", true), ("title CONTAINS[c] 'DISH'", true), ("title LIKE 'Empty*wash?r'", true),
        ("title LIKE[c] '*DISH*'", true), ("title LIKE 'Dish*'", false), ("title MATCHES 'Empty.*'", true), ("title MATCHES 'Dish'", false),
        ("room.name == 'Kuche'", false), ("room.name ==[d] 'Kuche'", true), ("room.name ==[cd] 'KUCHE'", true), ("room.floor == 0", true),
        ("points IN {1, 2, 3}", true), ("points IN {1, 2}", false), ("'daily' IN tags", true), ("tags CONTAINS 'weekly'", false),
        ("ANY tags == 'kitchen'", true), ("ALL tags BEGINSWITH 'k'", false), ("NONE tags == 'weekly'", true), ("SOME tags LIKE 'dai*'", true),
        ("tags.@count == 2", true), ("points BETWEEN {3, 5}", true), ("weight BETWEEN {2, 5}", false), ("points > -1", true),
        ("NOT done", false), ("NOT (points > 5)", true), ("!(points > 5) && title != ''", true),
        ("TRUEPREDICATE", true), ("FALSEPREDICATE", false), ("(points > 1 OR done == YES) AND NOT (weight > 3)", true),
        ("points == 3 OR done == YES AND weight > 5", true), ("weight == .5", false), ("weight == 15e-1", true), ("points == 0x3", true),
        ("due > CAST(0, 'NSDate')", false), ("SELF.points == 3", true), ("title ==[c] 'EMPTY THE DISHWASHER'", true),
    ])
    func evaluates(_ format: String, _ expected: Bool) {
        let predicate = NSPredicate(format: format)
        if format.contains("CAST") || format == "NOT done" {
            // Not read here (CAST) or not a comparison (a bare key): refused, matching nothing.
            #expect(predicate.formatFailure != nil && !predicate.evaluate(with: chore))
            return
        }
        #expect(predicate.formatFailure == nil, "\(predicate.formatFailure ?? "")")
        #expect(predicate.evaluate(with: chore) == expected, "\(format)")
    }

    @Test("arguments: %@ objects and values, %K keys, number conversions; compound predicates")
    func arguments() {
        #expect(NSPredicate(format: "%K == %@", "title", "Empty the Dishwasher").evaluate(with: chore))
        #expect(NSPredicate(format: "due < %@", Date(timeIntervalSince1970: 2_000) as NSDate).evaluate(with: chore))
        #expect(NSPredicate(format: "points == %d AND weight > %f", 3, 1.0).evaluate(with: chore))
        #expect(NSPredicate(format: "points IN %@", [Int64(3), Int64(4)]).evaluate(with: chore))
        #expect(NSPredicate(format: "title == %@", argumentArray: ["Empty the Dishwasher"]).evaluate(with: chore))
        let both = NSCompoundPredicate(andPredicateWithSubpredicates: [NSPredicate(format: "points == 3"), NSPredicate(value: true)])
        #expect(both.evaluate(with: chore))
        #expect(!NSCompoundPredicate(notPredicateWithSubpredicate: both).evaluate(with: chore))
        let notDone = NSPredicate(block: { object, _ in
            let values = object as? [String: Any]
            return values?["done"] as? Bool == false
        })
        let either = NSCompoundPredicate(orPredicateWithSubpredicates: [NSPredicate(value: false), notDone])
        #expect(either.evaluate(with: chore))
    }

    @Test("a malformed format is refused with where it stopped, never a crash; the format is bounded", arguments: [
        "title ==", "title == 'open", "(points > 1", "points > 1)", "points ~ 3", "%@ == 1", "title BEGINSWITH[x] 'a'",
        "points == 3 AND", "SUBQUERY(tags, $t, $t == 'a').@count > 0", "{1, 2", "a..b == 1", "",
        "points BETWEEN 3", "points BETWEEN {1}", "points == 0xZZ",
    ])
    func refusals(_ format: String) {
        let predicate = NSPredicate(format: format)
        #expect(predicate.formatFailure != nil, "\(format)")
        #expect(!predicate.evaluate(with: chore))
    }

    @Test("nesting and length are bounded")
    func bounds() {
        #expect(NSPredicate(format: String(repeating: "(", count: 10_000) + "points == 3" + String(repeating: ")", count: 10_000)).formatFailure != nil)
        #expect(NSPredicate(format: String(repeating: "NOT ", count: 60) + "points == 3").formatFailure == nil)
        #expect(NSPredicate(format: "title == '" + String(repeating: "x", count: 20_000) + "'").formatFailure?.contains("at most") == true)
        #expect(NSPredicate(format: "title LIKE '" + String(repeating: "*a", count: 2_000) + "'").evaluate(with: ["title": String(repeating: "a", count: 3_000)]))
    }
}

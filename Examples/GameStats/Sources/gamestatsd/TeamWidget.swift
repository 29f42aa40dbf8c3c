import AppIntentsCore
import Accessory

enum Difficulty: Int, AppEnum {
    case casual = 1
    case normal = 2
    case expert = 3

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Difficulty"
    static let caseDisplayRepresentations: [Difficulty: DisplayRepresentation] = [
        .casual: "Casual",
        .normal: "Normal",
        .expert: "Expert",
    ]
}

struct LeagueOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] {
        ["bronze", "silver", "gold", "diamond"]
    }
}

struct PlayerEntity: AppEntity {
    let id: String
    let name: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Player"
    static let defaultQuery = PlayerQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }

    static let roster = [
        PlayerEntity(id: "ada", name: "Ada"),
        PlayerEntity(id: "grace", name: "Grace"),
        PlayerEntity(id: "linus", name: "Linus"),
    ]
}

struct PlayerQuery: EntityStringQuery {
    func entities(for identifiers: [PlayerEntity.ID]) async throws -> [PlayerEntity] {
        PlayerEntity.roster.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [PlayerEntity] {
        PlayerEntity.roster
    }

    func entities(matching string: String) async throws -> [PlayerEntity] {
        PlayerEntity.roster.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }
}

struct TeamIntent: WidgetConfigurationIntent {
    static let title = LocalizedStringResource("TEAM_TITLE", defaultValue: "Team")
    static let description = IntentDescription("A player's standing in a league.")

    @Parameter(title: "Player")
    var player: PlayerEntity?

    @Parameter(title: "League", optionsProvider: LeagueOptionsProvider())
    var league: String?

    @Parameter(title: "Difficulty", default: .normal)
    var difficulty: Difficulty
}

struct TeamEntry: TimelineEntry {
    let date: Date
    let player: String
    let league: String
    let difficulty: Difficulty
}

struct TeamProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TeamEntry {
        TeamEntry(date: .now, player: "Player", league: "league", difficulty: .normal)
    }

    func snapshot(for configuration: TeamIntent, in context: Context) async -> TeamEntry {
        entry(for: configuration)
    }

    func timeline(for configuration: TeamIntent, in context: Context) async -> Timeline<TeamEntry> {
        Timeline(entries: [entry(for: configuration)], policy: .after(.now.addingTimeInterval(3600)))
    }

    private func entry(for configuration: TeamIntent) -> TeamEntry {
        TeamEntry(
            date: .now, player: configuration.player?.name ?? "Anyone",
            league: configuration.league ?? "open", difficulty: configuration.difficulty)
    }
}

struct TeamWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Team", intent: TeamIntent.self, provider: TeamProvider()) { entry in
            VStack(alignment: .leading) {
                Text(entry.player)
                    .font(.headline)
                Text("\(entry.league.capitalized) league")
                Text(Difficulty.caseDisplayRepresentations[entry.difficulty]?.title ?? "")
                    .foregroundStyle(.secondary)
            }
        }
        .configurationDisplayName("Team")
        .supportedFamilies([.accessoryRectangular, .systemSmall])
    }
}

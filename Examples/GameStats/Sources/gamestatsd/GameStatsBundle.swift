import Accessory

// As a WidgetKit extension's bundle, with @main: the program is the stock lockscreend
// command line with these widgets added to the kinds a configuration can place.
@main
struct GameStatsBundle: WidgetBundle {
    var body: some Widget {
        GameStatsWidget()
        TeamWidget()
        ChallengeWidget()
        RecentMatchWidget()
        CheerWidget()
        MatchActivity()
        GoalAlertsControl()
    }
}

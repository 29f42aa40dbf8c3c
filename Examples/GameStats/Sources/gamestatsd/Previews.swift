import Accessory

#Preview(as: .accessoryCircular) {
    GameStatsWidget()
} timeline: {
    GameEntry(date: .now, score: 2_500, best: 10_000, level: 4, player: "Ada")
    GameEntry(date: .now, score: 9_100, best: 10_000, level: 15, player: "Ada")
}

#Preview(as: .systemSmall) {
    GameStatsWidget()
} timeline: {
    GameEntry.sample
}

#Preview("Medium", as: .systemMedium) {
    GameStatsWidget()
} timeline: {
    GameEntry.sample
}

#Preview(as: .accessoryRectangular, using: TeamIntent()) {
    TeamWidget()
} timeline: {
    TeamEntry(date: .now, player: "Grace", league: "gold", difficulty: .expert)
}

struct GameStatsView_Previews: PreviewProvider {
    static var previews: some View {
        GameStatsView(entry: .sample)
            .previewContext(WidgetPreviewContext(family: .accessoryRectangular))
    }
}

import Foundation

// What SwiftData's and Core Data's contexts share of reading the store.
extension ModelStore {
    /// A row another row refers to — a relationship's destination — as SwiftData and Core
    /// Data both keep it: its table and id, stored as `"Trip/3"`; a to-many relationship
    /// as a JSON array of them, a to-one as one of them or null.
    package struct Reference: Hashable, Sendable {
        package let entity: String
        package let id: Int64

        package init(entity: String, id: Int64) {
            (self.entity, self.id) = (entity, id)
        }

        /// The row `text` names (`"Trip/3"`); nil for text that names none.
        package init?(text: String) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let id = Int64(parts[1]) else { return nil }
            (entity, self.id) = (String(parts[0]), id)
        }

        package var text: String { "\(entity)/\(id)" }

        /// The rows a relationship's stored text names: an array of them, one, or none
        /// (null, missing, or text that is not one of these).
        package static func decode(_ text: String?) -> [Reference] {
            guard let data = text.map({ Data($0.utf8) }) else { return [] }
            let texts = (try? decoder.decode([String].self, from: data)) ?? ((try? decoder.decode(String.self, from: data)).map { [$0] } ?? [])
            return texts.compactMap(Reference.init(text:))
        }

        /// A relationship's rows as stored text: an array for a to-many one; the row, or
        /// null, for a to-one.
        package static func encode(_ references: [Reference], toMany: Bool) -> String {
            let texts = references.map(\.text)
            // Strings, an array of them or null always encode.
            let data = toMany ? try? encoder.encode(texts) : try? encoder.encode(texts.first)
            return String(decoding: data ?? Data("null".utf8), as: UTF8.self)
        }

        private static let decoder = JSONDecoder()
        private static let encoder = JSONEncoder()
    }

    /// The rows of each table a context has read, each table read once until forgotten
    /// (another process may write the store between fetches).
    package struct RowCache {
        private var tables: [String: [Int64: Values]] = [:]

        package init() {}

        /// `entity`'s rows by id, read from `store` when not read since it was last forgotten.
        package mutating func rows(of entity: String, in store: ModelStore) throws(ModelStoreError) -> [Int64: Values] {
            if let cached = tables[entity] { return cached }
            let rows = Dictionary(try store.rows(of: entity).map { ($0.id, $0.values) }, uniquingKeysWith: { first, _ in first })
            tables[entity] = rows
            return rows
        }

        /// Forgets `entity`'s rows, or every table's when nil.
        package mutating func forget(_ entity: String? = nil) {
            if let entity { tables[entity] = nil } else { tables = [:] }
        }
    }

    /// The part of `count` results a fetch returns: from `offset`, at most `limit` of
    /// them (all without one); offsets and limits below zero count as zero, and no limit,
    /// however large, overflows.
    package static func window(count: Int, offset: Int, limit: Int?) -> Range<Int> {
        let start = min(max(offset, 0), count)
        return start..<(limit.map { start + min(max($0, 0), count - start) } ?? count)
    }

    /// Where stores go unless told otherwise: Foundation's Application Support folder
    /// (`$XDG_DATA_HOME`, else `~/.local/share`); nil where there is none.
    package static var applicationSupport: URL? {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
    }
}

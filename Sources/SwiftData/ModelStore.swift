import CSQLite
import Synchronization

/// A container's SQLite file: a table per model class, a row per model, each stored
/// property's value as JSON in one object (`ModelRow`). SQLite's C library directly
/// rather than GRDB: GRDB's `#if canImport(Combine)` finds this package's own `Combine`
/// module (Apple's name, which widget code imports) and does not build beside it, and the
/// store needs five statements.
final class ModelStore: Sendable {
    /// The connection, used by one caller at a time; nil for a reader whose file is not
    /// there yet (no store reads as no models).
    private let connection: Mutex<OpaquePointer?>
    let allowsSave: Bool
    private let path: String

    init(_ configuration: ModelConfiguration) throws {
        allowsSave = configuration.allowsSave
        path = configuration.isStoredInMemoryOnly ? ":memory:" : configuration.url.path
        var handle: OpaquePointer?
        if !configuration.isStoredInMemoryOnly && !configuration.allowsSave && !FileManager.default.fileExists(atPath: path) {
            connection = Mutex(nil)
            return
        }
        if !configuration.isStoredInMemoryOnly && configuration.allowsSave {
            try? FileManager.default.createDirectory(at: configuration.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let flags = configuration.allowsSave ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        guard sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SwiftDataError(description: "cannot open the store \(path): \(message)")
        }
        // A writer in another process (the app's filler) holds the file a moment at most.
        sqlite3_busy_timeout(handle, 2_000)
        connection = Mutex(handle)
    }

    deinit {
        _ = connection.withLock { sqlite3_close($0) }
    }

    /// Every row of `entity`'s table, in the order they were inserted.
    func rows(of entity: String) throws -> [(id: Int64, row: ModelRow)] {
        try connection.withLock { db -> [(id: Int64, row: ModelRow)] in
            guard let db, try Self.tableExists(entity, in: db) else { return [] }
            var rows: [(id: Int64, row: ModelRow)] = []
            let decoder = JSONDecoder()
            try Self.run(db, "SELECT id, data FROM \(Self.quoted(entity)) ORDER BY id") { statement in
                // A table of that name another program made may hold anything: a row that is
                // not a JSON object of values is refused, never trusted.
                guard let bytes = sqlite3_column_text(statement, 1),
                      let values = try? decoder.decode([String: String].self, from: Data(String(cString: bytes).utf8)) else {
                    throw SwiftDataError(description: "the store's row \(sqlite3_column_int64(statement, 0)) of \(entity) is not one it wrote")
                }
                rows.append((sqlite3_column_int64(statement, 0), ModelRow(values: values)))
            }
            return rows
        }
    }

    /// Writes the inserted and changed rows and removes the deleted ones, in one
    /// transaction; gives each written row's id.
    func save(writes: [(entity: String, id: Int64?, row: ModelRow)], deletes: [(entity: String, id: Int64)]) throws -> [Int64] {
        guard allowsSave else { throw SwiftDataError(description: "this container does not allow saving (allowsSave: false)") }
        return try connection.withLock { db -> [Int64] in
            guard let db else { throw SwiftDataError(description: "the store \(path) is not open") }
            try Self.run(db, "BEGIN IMMEDIATE")
            do {
                var ids: [Int64] = []
                let encoder = JSONEncoder()
                for (entity, id, row) in writes {
                    let table = Self.quoted(entity)
                    try Self.run(db, "CREATE TABLE IF NOT EXISTS \(table) (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL)")
                    let data = String(decoding: try encoder.encode(row.values), as: UTF8.self)
                    if let id {
                        try Self.run(db, "UPDATE \(table) SET data = ?1 WHERE id = ?2", text: data, id: id)
                        ids.append(id)
                    } else {
                        try Self.run(db, "INSERT INTO \(table) (data) VALUES (?1)", text: data)
                        ids.append(sqlite3_last_insert_rowid(db))
                    }
                }
                for (entity, id) in deletes where try Self.tableExists(entity, in: db) {
                    try Self.run(db, "DELETE FROM \(Self.quoted(entity)) WHERE id = ?2", id: id)
                }
                try Self.run(db, "COMMIT")
                return ids
            } catch {
                try? Self.run(db, "ROLLBACK")
                throw error
            }
        }
    }

    private static func tableExists(_ entity: String, in db: OpaquePointer) throws -> Bool {
        var found = false
        try run(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", text: entity) { _ in found = true }
        return found
    }

    /// Runs one statement with its parameters (?1 text, ?2 an id), calling `row` for each
    /// row it gives.
    private static func run(_ db: OpaquePointer, _ sql: String, text: String? = nil, id: Int64? = nil,
                            row: (OpaquePointer) throws -> Void = { _ in }) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SwiftDataError(description: "the store: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
        if let text { sqlite3_bind_text(statement, 1, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        if let id { sqlite3_bind_int64(statement, 2, id) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: try row(statement)
            case SQLITE_DONE: return
            default: throw SwiftDataError(description: "the store: \(String(cString: sqlite3_errmsg(db)))")
            }
        }
    }

    /// A table name in double quotes, any quote in it doubled.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

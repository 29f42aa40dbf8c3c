import CSQLite
import Foundation
import Synchronization

/// The SQLite file SwiftData's containers and CoreData's persistent containers keep an
/// app's objects in: a table per class (entity), a row per object, each stored property's
/// value as JSON text in one JSON object. SQLite's C library directly rather than GRDB:
/// GRDB's `#if canImport(Combine)` finds this package's own `Combine` module (Apple's name,
/// which widget code imports) and does not build beside it, and the store needs five
/// statements.
package final class ModelStore: Sendable {
    /// A row: each property's name and its value as JSON text.
    package typealias Values = [String: String]

    /// The connection, used by one caller at a time; nil for a reader whose file is not
    /// there yet (no store reads as no models).
    private let connection: Mutex<OpaquePointer?>
    package let allowsSave: Bool
    private let path: String

    /// Opens the file at `url` (memory only when nil). A store that may not save opens
    /// the file read-only and never creates it: a missing file reads as no rows.
    package init(url: URL?, allowsSave: Bool) throws(ModelStoreError) {
        self.allowsSave = allowsSave
        path = url?.path ?? ":memory:"
        var handle: OpaquePointer?
        if let url, !allowsSave && !FileManager.default.fileExists(atPath: url.path) {
            connection = Mutex(nil)
            return
        }
        if let url, allowsSave {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let flags = allowsSave ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        guard sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw ModelStoreError(description: "cannot open the store \(path): \(message)")
        }
        // A writer in another process (the app's filler) holds the file a moment at most.
        sqlite3_busy_timeout(handle, 2_000)
        connection = Mutex(handle)
    }

    deinit {
        _ = connection.withLock { sqlite3_close($0) }
    }

    /// Every row of `entity`'s table, in the order they were inserted.
    package func rows(of entity: String) throws(ModelStoreError) -> [(id: Int64, values: Values)] {
        try connection.withLock { db throws(ModelStoreError) -> [(id: Int64, values: Values)] in
            guard let db, try Self.tableExists(entity, in: db) else { return [] }
            var rows: [(id: Int64, values: Values)] = []
            let decoder = JSONDecoder()
            try Self.run(db, "SELECT id, data FROM \(Self.quoted(entity)) ORDER BY id") { statement throws(ModelStoreError) in
                // A table of that name another program made may hold anything: a row that is
                // not a JSON object of values is refused, never trusted.
                guard let bytes = sqlite3_column_text(statement, 1),
                      let values = try? decoder.decode(Values.self, from: Data(String(cString: bytes).utf8)) else {
                    throw ModelStoreError(description: "the store's row \(sqlite3_column_int64(statement, 0)) of \(entity) is not one it wrote")
                }
                rows.append((sqlite3_column_int64(statement, 0), values))
            }
            return rows
        }
    }

    /// Runs `body` in one transaction: all its changes are kept, or none when it throws.
    package func transaction<Result>(_ body: (Transaction) throws(ModelStoreError) -> Result) throws(ModelStoreError) -> Result {
        guard allowsSave else { throw ModelStoreError(description: "this container does not allow saving (allowsSave: false)") }
        return try connection.withLock { db throws(ModelStoreError) -> Result in
            guard let db else { throw ModelStoreError(description: "the store \(path) is not open") }
            try Self.run(db, "BEGIN IMMEDIATE")
            do throws(ModelStoreError) {
                let result = try body(Transaction(db: db))
                try Self.run(db, "COMMIT")
                return result
            } catch {
                try? Self.run(db, "ROLLBACK")
                throw error
            }
        }
    }

    /// The changes of one transaction: rows inserted, rewritten and removed.
    package struct Transaction {
        fileprivate let db: OpaquePointer

        /// Keeps a new row of `entity`; gives its id.
        package func insert(_ entity: String, _ values: Values) throws(ModelStoreError) -> Int64 {
            try ModelStore.run(db, "INSERT INTO \(try table(entity)) (data) VALUES (?1)", text: ModelStore.json(values))
            return sqlite3_last_insert_rowid(db)
        }

        /// Rewrites the row `id` of `entity`.
        package func update(_ entity: String, id: Int64, _ values: Values) throws(ModelStoreError) {
            try ModelStore.run(db, "UPDATE \(try table(entity)) SET data = ?1 WHERE id = ?2", text: ModelStore.json(values), id: id)
        }

        /// Removes the row `id` of `entity`, if there is one.
        package func delete(_ entity: String, id: Int64) throws(ModelStoreError) {
            guard try ModelStore.tableExists(entity, in: db) else { return }
            try ModelStore.run(db, "DELETE FROM \(ModelStore.quoted(entity)) WHERE id = ?2", id: id)
        }

        /// `entity`'s table, made when it is not there yet.
        private func table(_ entity: String) throws(ModelStoreError) -> String {
            let table = ModelStore.quoted(entity)
            try ModelStore.run(db, "CREATE TABLE IF NOT EXISTS \(table) (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL)")
            return table
        }
    }

    /// A row's values as the JSON object kept in its `data` column (a dictionary of
    /// strings always encodes).
    fileprivate static func json(_ values: Values) -> String {
        String(decoding: (try? JSONEncoder().encode(values)) ?? Data("{}".utf8), as: UTF8.self)
    }

    fileprivate static func tableExists(_ entity: String, in db: OpaquePointer) throws(ModelStoreError) -> Bool {
        var found = false
        try run(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", text: entity) { _ in found = true }
        return found
    }

    /// Runs one statement with its parameters (?1 text, ?2 an id), calling `row` for each
    /// row it gives.
    fileprivate static func run(_ db: OpaquePointer, _ sql: String, text: String? = nil, id: Int64? = nil,
                            row: (OpaquePointer) throws(ModelStoreError) -> Void = { _ in }) throws(ModelStoreError) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ModelStoreError(description: "the store: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
        if let text { sqlite3_bind_text(statement, 1, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        if let id { sqlite3_bind_int64(statement, 2, id) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: try row(statement)
            case SQLITE_DONE: return
            default: throw ModelStoreError(description: "the store: \(String(cString: sqlite3_errmsg(db)))")
            }
        }
    }

    /// A table name in double quotes, any quote in it doubled.
    fileprivate static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Why the store could not do what was asked, in words a user can act on.
package struct ModelStoreError: Error, Sendable, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

package io.github.pplxexport.cookies;

import io.github.pplxexport.archive.FileTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A running browser holds its cookie database locked (and keeps its latest writes in the {@code -wal} file
 * beside it), so it is read from a copy: the database and its {@code -wal} into a private temp folder (0700),
 * opened with sqlite-jdbc, deleted when closed.
 */
final class StoreCopy implements AutoCloseable {
    private final Path dir;
    private final Connection connection;

    private StoreCopy(Path dir, Connection connection) {
        this.dir = dir;
        this.connection = connection;
    }

    static StoreCopy open(Path database) throws CookieStoreException {
        Path dir;
        try {
            dir = Files.createTempDirectory("pplx-cookies");
        } catch (IOException e) {
            throw new CookieStoreException("cannot make a temp folder to copy " + database + " into: " + e.getMessage(), e);
        }
        try {
            Path copy = dir.resolve("cookies.db");
            Files.copy(database, copy, StandardCopyOption.COPY_ATTRIBUTES);
            Path wal = database.resolveSibling(database.getFileName() + "-wal");
            if (Files.isRegularFile(wal)) {
                Files.copy(wal, dir.resolve("cookies.db-wal"));
            }
            return new StoreCopy(dir, DriverManager.getConnection("jdbc:sqlite:" + copy));
        } catch (IOException | SQLException e) {
            delete(dir);
            throw new CookieStoreException("cannot read the cookie store " + database + ": " + e.getMessage(), e);
        }
    }

    Connection connection() {
        return connection;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the copy is deleted below either way
        }
        delete(dir);
    }

    private static void delete(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException ignored) {
            // a leftover in the temp folder (0700) is all that can happen
        }
    }
}

package io.github.pplxexport.archive;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ConversationAssembler;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.thread.ThreadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Rebuilds a conversation from an archived thread dir with zero network ({@code load_archived_conversation},
 * reference-behaviour.md §6.1): turns from raw_entries.json, identity from thread.json (the mode is not
 * re-detected), workflow attachment from raw_blocks.json when present.
 */
public final class ArchivedThreadLoader {

    public Conversation load(Path threadDir) throws IOException {
        Map<String, Object> rawEntries = readObject(threadDir.resolve(ThreadFiles.RAW_ENTRIES));
        Path blocksFile = threadDir.resolve(ThreadFiles.RAW_BLOCKS);
        Map<String, Object> rawBlocks = Files.exists(blocksFile) ? readObject(blocksFile) : null;
        Path threadJsonFile = threadDir.resolve(ThreadFiles.THREAD_JSON);
        Map<String, Object> threadJson = Files.exists(threadJsonFile) ? readObject(threadJsonFile) : Map.of();

        Conversation c = new Conversation();
        c.webUuid = J.str(threadJson, "web_uuid");
        c.pscUuid = J.str(threadJson, "psc_uuid").isEmpty() ? null : J.str(threadJson, "psc_uuid");
        c.url = J.str(threadJson, "url");
        c.mode = J.str(threadJson, "mode").isEmpty() ? "search" : J.str(threadJson, "mode");
        c.author = J.str(threadJson, "author");
        c.exportVia = J.str(threadJson, "export_via");
        c.lastUpdated = J.str(threadJson, "lastUpdated");
        c.space = J.asMap(threadJson.get("space"));
        c.metadata = J.asMap(rawEntries.get("thread_metadata"));
        String title = J.str(threadJson, "title");
        if (title.isEmpty()) {
            title = J.str(c.metadata, "title");
        }
        c.title = title.isEmpty() ? "untitled" : title.strip();
        return ConversationAssembler.assemble(c, rawEntries, rawBlocks);
    }

    /** A JSON file whose top level must be an object; malformed input becomes a one-line cause. */
    static Map<String, Object> readObject(Path file) throws IOException {
        try {
            return Json.readObject(file);
        } catch (JsonException e) {
            throw new ThreadInputException(file.getFileName() + ": " + e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new ThreadInputException(file.getFileName() + " is missing", e);
        }
    }
}

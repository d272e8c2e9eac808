package io.github.pplxexport.archive;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ConversationAssembler;
import io.github.pplxexport.conversation.ThreadIdentity;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.ResponseParser;
import io.github.pplxexport.thread.ThreadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Rebuilds a conversation from an archived thread dir with zero network ({@code load_archived_conversation},
 * reference-behaviour.md §6.1): identity from thread.json (the mode is not re-detected), turns from
 * raw_entries.json, and for computer and council threads the workflows from raw_blocks.json. Each file is
 * read once, as bytes, by the same parser the live export uses; raw_blocks.json is not read for the modes
 * that do not render from it.
 */
public final class ArchivedThreadLoader {

    public Conversation load(Path threadDir) throws IOException {
        Path threadJsonFile = threadDir.resolve(ThreadFiles.THREAD_JSON);
        return load(threadDir, Files.exists(threadJsonFile) ? readObject(threadJsonFile) : Map.of());
    }

    /** {@link #load(Path)} with the dir's thread.json already parsed by the caller (not read again). */
    public Conversation load(Path threadDir, Map<String, Object> threadJson) throws IOException {
        String mode = J.str(threadJson, "mode").isEmpty() ? "search" : J.str(threadJson, "mode");
        String psc = J.str(threadJson, "psc_uuid");
        ThreadIdentity partial = new ThreadIdentity(J.str(threadJson, "web_uuid"), psc.isEmpty() ? null : psc,
                J.str(threadJson, "url"), J.str(threadJson, "title"), mode, J.str(threadJson, "author"),
                J.str(threadJson, "export_via"), J.str(threadJson, "lastUpdated"), J.asMap(threadJson.get("space")), null);
        boolean workflow = partial.isWorkflowMode();

        RawResponse plain = parse(threadDir.resolve(ThreadFiles.RAW_ENTRIES), workflow);
        Path blocksFile = threadDir.resolve(ThreadFiles.RAW_BLOCKS);
        RawResponse blocks = workflow && Files.exists(blocksFile) ? parse(blocksFile, true) : null;

        String title = partial.title();
        if (title.isEmpty()) {
            title = J.str(plain.metadata(), "title");
        }
        ThreadIdentity identity = new ThreadIdentity(partial.webUuid(), partial.pscUuid(), partial.url(),
                title.isEmpty() ? "untitled" : title.strip(), mode, partial.author(), partial.exportVia(),
                partial.lastUpdated(), partial.space(), null);
        return ConversationAssembler.assemble(identity, plain, blocks, null);
    }

    /** A response file parsed from its bytes; malformed input becomes a one-line cause naming the file. */
    static RawResponse parse(Path file, boolean background) throws IOException {
        try {
            return ResponseParser.parse(Files.readAllBytes(file), background);
        } catch (JsonException e) {
            throw new ThreadInputException(file.getFileName() + ": " + e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new ThreadInputException(file.getFileName() + " is missing", e);
        }
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

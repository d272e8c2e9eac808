package io.github.pplxexport.archive;

import io.github.pplxexport.library.LogCapture;
import io.github.pplxexport.mode.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadDirNameTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2036-03-04T23:59:59Z"), ZoneOffset.ofHours(8));
    private static final String UUID = "1a2b3c4d-0000-4000-8000-00000000abcd";

    @TempDir
    Path out;

    // ------------------------------------------------------------------ naming

    @Test
    void accountFolderSanitising() {
        assertEquals("Alice Example", ThreadDirName.accountFolder("Alice Example"));
        assertEquals("etc", ThreadDirName.accountFolder("../../etc"), "visible, not .._.._etc");
        assertEquals("a_b", ThreadDirName.accountFolder("a/b"));
        assertEquals("x_y", ThreadDirName.accountFolder("x\\y"));
        assertEquals("A_B_C", ThreadDirName.accountFolder("A<>B:*?\"|C"));
        assertEquals("_", ThreadDirName.accountFolder(" : "));
        assertEquals("unknown", ThreadDirName.accountFolder("  ..  "));
        assertEquals("unknown", ThreadDirName.accountFolder("."));
        assertEquals("unknown", ThreadDirName.accountFolder("\u3000"));
        assertEquals("unknown", ThreadDirName.accountFolder(null));
        assertEquals("unknown", ThreadDirName.accountFolder("..."));
        assertEquals("nul_x", ThreadDirName.accountFolder("nul\0x"));
    }

    @Test
    void slugRules() {
        assertEquals("Hello-world", ThreadDirName.slug("「Hello」 world!"));
        assertEquals("ok-fine-yes-no", ThreadDirName.slug("ok — fine: yes? no*"));
        assertEquals("snake_case-x", ThreadDirName.slug("snake_case x"));
        assertEquals("spaced-title", ThreadDirName.slug("\u3000 spaced  title \u00a0"));
        assertEquals("abc", ThreadDirName.slug("-----abc"));
        assertEquals("한국어-제목", ThreadDirName.slug("한국어 제목"));
        assertEquals("Ｆｕｌｌ-ｗｉｄｔｈ", ThreadDirName.slug("Ｆｕｌｌ　ｗｉｄｔｈ"));
    }

    @Test
    void cjkIsKept() {
        assertEquals("量子计算综述-草稿-比较三种纠错方案的优劣并给出结论与建议-附参考文献清单",
                ThreadDirName.slug("量子计算综述（草稿）：比较三种纠错方案的优劣并给出结论与建议，附参考文献清单。"));
    }

    @Test
    void truncatesToFortyThenStripsDashes() {
        assertEquals("这是一个非常长的中文标题-用于测试目录名截断规则是否按照四十个字符进行处理并且去",
                ThreadDirName.slug("这是一个非常长的中文标题，用于测试目录名截断规则是否按照四十个字符进行处理并且去掉末尾的连字符吗？是的"));
        assertEquals("一二三四五六七八九十".repeat(3) + "一二三四五六七八九",
                ThreadDirName.slug("一二三四五六七八九十".repeat(3) + "一二三四五六七八九（十）尾巴"),
                "the dash at position 40 is stripped after the cut");
        assertEquals("a".repeat(39), ThreadDirName.slug("a".repeat(39) + " b"));
        assertEquals("a".repeat(40), ThreadDirName.slug("a".repeat(45)));
    }

    @Test
    void slugFollowsPythonWordCharactersNotJavas() {
        // combining marks and connector punctuation are not Python \w; No numbers are
        assertEquals("Cafe-½-①-x", ThreadDirName.slug("Cafe\u0301 ½ ① \u203fx"));
        assertEquals("नमस-त-द-न-य", ThreadDirName.slug("नमस्ते दुनिया"));
    }

    @Test
    void hostileOrEmptyTitlesGiveHarmlessSlugs() {
        assertEquals("untitled", ThreadDirName.slug(".."));
        assertEquals("untitled", ThreadDirName.slug("😀😀"));
        assertEquals("untitled", ThreadDirName.slug(""));
        assertEquals("untitled", ThreadDirName.slug(null));
        assertEquals("etc-passwd", ThreadDirName.slug("../../etc/passwd"));
        assertEquals("a-b", ThreadDirName.slug("a/b"));
        assertEquals("x", ThreadDirName.slug("😀😀😀x"));
    }

    @Test
    void dateAndUuidParts() {
        assertEquals("2035-12-26", ThreadDirName.datePrefix("2035-12-26T02:12:19.927523Z", CLOCK));
        assertEquals("2036-03-04", ThreadDirName.datePrefix("", CLOCK), "today in UTC, not in the clock's zone");
        assertEquals("2036-03-04", ThreadDirName.datePrefix(null, CLOCK));
        assertEquals("1a2b3c4d", ThreadDirName.uuid8(UUID));
        assertEquals("2035-12-26_quantum-computing-survey_1a2b3c4d",
                ThreadDirName.dirName("2035-12-26T02:12:19Z", "quantum computing survey", UUID, CLOCK));
        assertEquals("Case-Kept", ThreadDirName.slug("Case Kept"), "no lowercasing");
    }

    @Test
    void resolvesUnderTheArchive() {
        ThreadDirName n = ThreadDirName.of("Alice Example", Mode.DEEP_RESEARCH, "2035-12-26T00:00:00Z", "T", UUID, CLOCK);
        assertEquals(out.toAbsolutePath().resolve("Alice Example/deep-research/2035-12-26_T_1a2b3c4d"), n.under(out));
    }

    @Test
    void hostileNamesNeverEscapeTheArchive() {
        ThreadDirName a = ThreadDirName.of("../../etc", Mode.SEARCH, "2035-01-01", "../../etc/passwd", UUID, CLOCK);
        assertTrue(a.under(out).startsWith(out.toAbsolutePath()));
        assertEquals(out.toAbsolutePath().resolve("etc/search/2035-01-01_etc-passwd_1a2b3c4d"), a.under(out));
        ThreadDirName b = ThreadDirName.of("..", Mode.SEARCH, "2035-01-01", "..", UUID, CLOCK);
        assertEquals(out.toAbsolutePath().resolve("unknown/search/2035-01-01_untitled_1a2b3c4d"), b.under(out));
        // data-borne date or uuid parts with separators are refused, not resolved
        assertThrows(IllegalArgumentException.class,
                () -> ThreadDirName.of("a", Mode.SEARCH, "../../../x", "t", UUID, CLOCK));
        assertThrows(IllegalArgumentException.class,
                () -> ThreadDirName.of("a", Mode.SEARCH, "2035-01-01", "t", "ab/../..", CLOCK));
        assertThrows(IllegalArgumentException.class, () -> new ThreadDirName("..", Mode.SEARCH, "x"));
        assertThrows(IllegalArgumentException.class, () -> new ThreadDirName("a", Mode.SEARCH, ".."));
        assertThrows(IllegalArgumentException.class, () -> new ThreadDirName("a", null, "x"));
        // nor hidden or unprintable ones
        assertThrows(IllegalArgumentException.class,
                () -> ThreadDirName.of("a", Mode.SEARCH, ".hidden-date", "t", UUID, CLOCK));
        assertThrows(IllegalArgumentException.class,
                () -> ThreadDirName.of("a", Mode.SEARCH, "2035-01-01", "t", "ab\ncd", CLOCK));
        assertThrows(IllegalArgumentException.class, () -> new ThreadDirName(".a", Mode.SEARCH, "x"));
    }

    // ------------------------------------------------------------------ finding

    private Path threadDir(String rel, String webUuid) throws Exception {
        Path d = out.resolve(rel);
        Files.createDirectories(d);
        if (webUuid != null) {
            Files.writeString(d.resolve("thread.json"), "{\n \"web_uuid\": \"" + webUuid + "\"\n}");
        }
        return d;
    }

    @Test
    void findsOnlyDirectoriesWhoseThreadJsonNamesTheUuid() throws Exception {
        Path a = threadDir("alice/search/2035-01-01_old_1a2b3c4d", UUID);
        Path b = threadDir("Bob B/council/2035-02-02_x_1a2b3c4d", UUID);
        threadDir("alice/search/2035-01-01_other_1a2b3c4d", "1a2b3c4d-ffff-4000-8000-000000000000"); // same uuid8
        threadDir("alice/search/2035-01-01_none_1a2b3c4d", null);                                     // no thread.json
        Path corrupt = threadDir("alice/study/2035-01-01_bad_1a2b3c4d", null);
        Files.writeString(corrupt.resolve("thread.json"), "{not json");
        threadDir(".hidden/search/2035-01-01_h_1a2b3c4d", UUID);
        threadDir("alice/search/2035-01-01_suffix_1a2b3c4dX", UUID);
        threadDir("alice/search/deeper/2035-01-01_deep_1a2b3c4d", UUID);                             // wrong depth
        Files.writeString(out.resolve("alice/search/stray_1a2b3c4d"), "a file");

        assertEquals(List.of(b, a), ThreadDirName.findExisting(out, UUID));
        assertEquals(List.of(), ThreadDirName.findExisting(out, ""));
        assertEquals(List.of(), ThreadDirName.findExisting(out.resolve("missing"), UUID));
    }

    // ------------------------------------------------------------------ merging

    @Test
    void mergeUnitesFilesKeepsTargetOnConflictAndDeletesTheOldDir() throws Exception {
        Path old = threadDir("alice/search/2035-01-01_t_1a2b3c4d", UUID);
        Path neu = threadDir("alice/search/2035-02-02_t_1a2b3c4d", UUID);
        Files.createDirectories(old.resolve("turns"));
        Files.writeString(old.resolve("turns/turn_0001.md"), "one");
        Files.writeString(old.resolve("rewritten_answer_variant.md"), "hand-written");
        Files.writeString(old.resolve("conversation.md"), "old text");
        Files.writeString(neu.resolve("conversation.md"), "new text");
        Files.setLastModifiedTime(old.resolve("turns/turn_0001.md"), FileTime.fromMillis(123_000L));

        ThreadDirName.MergeReport r;
        try (LogCapture log = LogCapture.of(ThreadDirName.class)) {
            r = ThreadDirName.merge(old, neu);
            assertTrue(log.text().contains("conversation.md"), log.text());
        }
        assertTrue(r.ok(), r.failure());
        assertTrue(r.removedOld());
        assertFalse(Files.exists(old));
        assertEquals(List.of("rewritten_answer_variant.md", "turns/turn_0001.md"), r.copied());
        assertEquals(List.of("thread.json"), r.identical());
        assertEquals(List.of("conversation.md"), r.conflicts());
        assertEquals("new text", Files.readString(neu.resolve("conversation.md")));
        assertEquals("hand-written", Files.readString(neu.resolve("rewritten_answer_variant.md")));
        assertEquals(FileTime.fromMillis(123_000L), Files.getLastModifiedTime(neu.resolve("turns/turn_0001.md")));
        try (var s = Files.walk(neu)) {
            assertTrue(s.noneMatch(p -> p.toString().endsWith(".migrating-tmp")));
        }
    }

    @Test
    void conflictWarningListsAtMostTwenty() throws Exception {
        Path old = threadDir("a/search/old_1a2b3c4d", UUID);
        Path neu = threadDir("a/search/new_1a2b3c4d", UUID);
        for (int i = 0; i < 25; i++) {
            Files.writeString(old.resolve(String.format("f%02d", i)), "old");
            Files.writeString(neu.resolve(String.format("f%02d", i)), "new");
        }
        try (LogCapture log = LogCapture.of(ThreadDirName.class)) {
            ThreadDirName.MergeReport r = ThreadDirName.merge(old, neu);
            assertEquals(25, r.conflicts().size());
            String text = log.text();
            assertTrue(text.contains("25 file(s)") && text.contains("f19") && !text.contains("f20"), text);
        }
    }

    @Test
    void anyFailureLeavesTheOldDirAndARetryIsIdempotent() throws Exception {
        Path old = threadDir("a/search/old_1a2b3c4d", UUID);
        Path neu = threadDir("a/search/new_1a2b3c4d", UUID);
        Files.writeString(old.resolve("a.md"), "A");
        Files.writeString(old.resolve("z.md"), "Z");
        Files.createSymbolicLink(old.resolve("link"), old.resolve("a.md"));

        ThreadDirName.MergeReport failed = ThreadDirName.merge(old, neu);
        assertFalse(failed.ok());
        assertTrue(failed.failure().contains("not a regular file: link"), failed.failure());
        assertTrue(Files.exists(old.resolve("a.md")) && Files.exists(old.resolve("z.md")));

        Files.delete(old.resolve("link"));
        Files.writeString(neu.resolve("a.md"), "A");          // as if a previous run had copied it
        ThreadDirName.MergeReport retry = ThreadDirName.merge(old, neu);
        assertTrue(retry.ok(), retry.failure());
        assertEquals(List.of("z.md"), retry.copied());
        assertEquals(List.of("a.md", "thread.json"), retry.identical());
        assertFalse(Files.exists(old));
    }

    @Test
    void aTargetThatCannotTakeTheFileFailsWithoutDeleting() throws Exception {
        Path old = threadDir("a/search/old_1a2b3c4d", UUID);
        Path neu = threadDir("a/search/new_1a2b3c4d", UUID);
        Files.createDirectories(old.resolve("assets/files"));
        Files.writeString(old.resolve("assets/files/x.bin"), "x");
        Files.writeString(neu.resolve("assets"), "a file where the old side has a directory");
        ThreadDirName.MergeReport r = ThreadDirName.merge(old, neu);
        assertFalse(r.ok());
        assertFalse(r.removedOld());
        assertTrue(Files.exists(old.resolve("assets/files/x.bin")));
    }

    @Test
    void migrateIntoMergesEveryOtherDirOfTheThread() throws Exception {
        Path one = threadDir("alice/search/2035-01-01_t_1a2b3c4d", UUID);
        Path two = threadDir("alice/search/2035-01-15_t_1a2b3c4d", UUID);
        Files.writeString(one.resolve("one.md"), "1");
        Files.writeString(two.resolve("two.md"), "2");
        Path target = ThreadDirName.of("alice", Mode.SEARCH, "2035-02-02T00:00:00Z", "t", UUID, CLOCK).under(out);
        Files.createDirectories(target);
        Files.writeString(target.resolve("thread.json"), "{\"web_uuid\": \"" + UUID + "\"}");

        List<ThreadDirName.MergeReport> reports = ThreadDirName.migrateInto(out, UUID, target);
        assertEquals(2, reports.size());
        assertTrue(reports.stream().allMatch(ThreadDirName.MergeReport::ok));
        assertEquals(List.of(target), ThreadDirName.findExisting(out, UUID));
        assertEquals("1", Files.readString(target.resolve("one.md")));
        assertEquals("2", Files.readString(target.resolve("two.md")));
        assertEquals("{\"web_uuid\": \"" + UUID + "\"}", Files.readString(target.resolve("thread.json"),
                StandardCharsets.UTF_8), "target's thread.json wins");
        assertEquals(List.of(), ThreadDirName.migrateInto(out, UUID, target), "nothing left to do");
    }

    @Test
    void mergingADirIntoItselfOrItsChildDoesNothing() throws Exception {
        Path d = threadDir("a/search/x_1a2b3c4d", UUID);
        ThreadDirName.MergeReport same = ThreadDirName.merge(d, d);
        assertNull(same.failure());
        assertFalse(same.removedOld());
        ThreadDirName.MergeReport nested = ThreadDirName.merge(d, d.resolve("sub"));
        assertFalse(nested.ok());
        assertTrue(Files.exists(d.resolve("thread.json")));
    }
}

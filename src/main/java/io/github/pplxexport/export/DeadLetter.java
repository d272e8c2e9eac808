package io.github.pplxexport.export;

import java.util.Map;

/** Something that can end up in {@code index/dead_letters.jsonl}: a failed thread, a sibling link. */
public interface DeadLetter {
    /** The thread concerned. */
    String webUuid();

    /** {@code kind} and the fields that say which item it is, in file order. */
    Map<String, Object> deadLetterFields();
}

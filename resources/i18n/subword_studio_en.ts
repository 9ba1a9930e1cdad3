<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AssetFindings</name>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="74"/>
        <source>%n token(s) have other IDs</source>
        <translation>
            <numerusform>%n token has another ID</numerusform>
            <numerusform>%n tokens have other IDs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="76"/>
        <source>Vocabulary differs: %n token(s) only in B</source>
        <translation>
            <numerusform>Vocabulary differs: %n token only in B</numerusform>
            <numerusform>Vocabulary differs: %n tokens only in B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="77"/>
        <source>%n only in A</source>
        <translation>
            <numerusform>%n only in A</numerusform>
            <numerusform>%n only in A</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="90"/>
        <source>%n merge(s) added from rank %1</source>
        <translation>
            <numerusform>%n merge added from rank %1</numerusform>
            <numerusform>%n merges added from rank %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="92"/>
        <source>%n merge(s) removed from rank %1</source>
        <translation>
            <numerusform>%n merge removed from rank %1</numerusform>
            <numerusform>%n merges removed from rank %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="103"/>
        <source>Merge counts differ at %n rank(s)</source>
        <translation>
            <numerusform>Merge counts differ at %n rank</numerusform>
            <numerusform>Merge counts differ at %n ranks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AssetManager</name>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="245"/>
        <source>Scanned %1 of %n file(s)</source>
        <translation>
            <numerusform>Scanned %1 of %n file</numerusform>
            <numerusform>Scanned %1 of %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="266"/>
        <source>%n asset(s) in the folder</source>
        <translation>
            <numerusform>%n asset in the folder</numerusform>
            <numerusform>%n assets in the folder</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="268"/>
        <source>; %n file(s) could not be read (hover for why)</source>
        <translation>
            <numerusform>; %n file could not be read (hover for why)</numerusform>
            <numerusform>; %n files could not be read (hover for why)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="358"/>
        <source> (and %n more)</source>
        <translation>
            <numerusform> (and %n more)</numerusform>
            <numerusform> (and %n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="367"/>
        <source>Opened %n asset(s)</source>
        <translation>
            <numerusform>Opened %n asset</numerusform>
            <numerusform>Opened %n assets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="369"/>
        <source>Reading %n asset file(s)…</source>
        <translation>
            <numerusform>Reading %n asset file…</numerusform>
            <numerusform>Reading %n asset files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ByteTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/byte.py" line="124"/>
        <source>Trained %n byte-level merge(s).</source>
        <translation>
            <numerusform>Trained %n byte-level merge.</numerusform>
            <numerusform>Trained %n byte-level merges.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="166"/>
        <source>This list: %n token(s)</source>
        <translation>
            <numerusform>This list: %n token</numerusform>
            <numerusform>This list: %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="189"/>
        <source>Canonical list: %n token(s)</source>
        <translation>
            <numerusform>Canonical list: %n token</numerusform>
            <numerusform>Canonical list: %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CharTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/char.py" line="34"/>
        <source>Trained %n merge(s): %1.</source>
        <translation>
            <numerusform>Trained %n merge: %1.</numerusform>
            <numerusform>Trained %n merges: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusEditor</name>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="247"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="247"/>
        <source>%n word occurrence(s)</source>
        <translation>
            <numerusform>%n word occurrence</numerusform>
            <numerusform>%n word occurrences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="248"/>
        <location filename="../../gui/corpus/editor.py" line="252"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n character</numerusform>
            <numerusform>%n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="248"/>
        <source>%n byte(s) (UTF-8)</source>
        <translation>
            <numerusform>%n byte (UTF-8)</numerusform>
            <numerusform>%n bytes (UTF-8)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="251"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="251"/>
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n word</numerusform>
            <numerusform>%n words</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="253"/>
        <source>%n byte(s) (exact, with line endings)</source>
        <translation>
            <numerusform>%n byte (exact, with line endings)</numerusform>
            <numerusform>%n bytes (exact, with line endings)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="329"/>
        <source>Remove %n row(s)</source>
        <translation>
            <numerusform>Remove %n row</numerusform>
            <numerusform>Remove %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="437"/>
        <source>%n line(s) are not valid UTF-8. The first:</source>
        <translation>
            <numerusform>%n line is not valid UTF-8:</numerusform>
            <numerusform>%n lines are not valid UTF-8. The first:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="464"/>
        <source>Skipped %n line(s) with invalid UTF-8; the first: </source>
        <translation>
            <numerusform>Skipped %n line with invalid UTF-8: </numerusform>
            <numerusform>Skipped %n lines with invalid UTF-8; the first: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusStatsTab</name>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="243"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n record</numerusform>
            <numerusform>%n records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="244"/>
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n word</numerusform>
            <numerusform>%n words</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="245"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n character</numerusform>
            <numerusform>%n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="246"/>
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="248"/>
        <source>%n invalid UTF-8 sequence(s).</source>
        <translation>
            <numerusform>%n invalid UTF-8 sequence.</numerusform>
            <numerusform>%n invalid UTF-8 sequences.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EncodeTexts</name>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="79"/>
        <source>%n code point(s)</source>
        <translation>
            <numerusform>%n code point</numerusform>
            <numerusform>%n code points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="81"/>
        <source>%n UTF-8 byte(s) = %n base byte token(s)</source>
        <translation>
            <numerusform>%n UTF-8 byte = %n base byte token</numerusform>
            <numerusform>%n UTF-8 bytes = %n base byte tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="83"/>
        <source>%n UTF-8 byte(s)</source>
        <translation>
            <numerusform>%n UTF-8 byte</numerusform>
            <numerusform>%n UTF-8 bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="85"/>
        <source>%n BPE token(s)</source>
        <translation>
            <numerusform>%n BPE token</numerusform>
            <numerusform>%n BPE tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="87"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="91"/>
        <source>%n unknown</source>
        <translation>
            <numerusform>%n unknown</numerusform>
            <numerusform>%n unknown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="94"/>
        <source>%n byte-fallback piece(s)</source>
        <translation>
            <numerusform>%n byte-fallback piece</numerusform>
            <numerusform>%n byte-fallback pieces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="97"/>
        <source>%n special</source>
        <translation>
            <numerusform>%n special</numerusform>
            <numerusform>%n specials</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="108"/>
        <source>The text spells %n special token(s) (%1): read as control tokens.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): read as a control token.</numerusform>
            <numerusform>The text spells %n special tokens (%1): read as control tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="111"/>
        <source>The text spells %n special token(s) (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows them.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows it.</numerusform>
            <numerusform>The text spells %n special tokens (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="114"/>
        <source>The text spells %n special token(s) (%1): read as ordinary text, marked.</source>
        <translation>
            <numerusform>The text spells %n special token (%1): read as ordinary text, marked.</numerusform>
            <numerusform>The text spells %n special tokens (%1): read as ordinary text, marked.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="148"/>
        <source>changes it: %n code point(s)</source>
        <translation>
            <numerusform>changes it: %n code point</numerusform>
            <numerusform>changes it: %n code points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="149"/>
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExerciseDialog</name>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="147"/>
        <source>%n wrong tries</source>
        <translation>
            <numerusform>%n wrong try</numerusform>
            <numerusform>%n wrong tries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="189"/>
        <source>✘ Not quite, %n tries: the core computes %1.</source>
        <translation>
            <numerusform>✘ Not quite, %n try: the core computes %1.</numerusform>
            <numerusform>✘ Not quite, %n tries: the core computes %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="193"/>
        <source>✘ Not quite. Try again (%1 of %n tries used), or replay the lesson.</source>
        <translation>
            <numerusform>✘ Not quite. Try again (%1 of %n try used), or replay the lesson.</numerusform>
            <numerusform>✘ Not quite. Try again (%1 of %n tries used), or replay the lesson.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Interop</name>
    <message numerus="yes">
        <location filename="../../gui/assets/interop.py" line="115"/>
        <source>Imported %1 of %n file(s).</source>
        <translation>
            <numerusform>Imported %1 of %n file.</numerusform>
            <numerusform>Imported %1 of %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/interop.py" line="372"/>
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importing %n file…</numerusform>
            <numerusform>Importing %n files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LaneView</name>
    <message numerus="yes">
        <location filename="../../gui/compare/lanes.py" line="249"/>
        <source>%n tokenizer(s); Left and Right go through a lane&apos;s tokens, Up and Down to the next lane</source>
        <translation>
            <numerusform>%n tokenizer; Left and Right go through a lane&apos;s tokens, Up and Down to the next lane</numerusform>
            <numerusform>%n tokenizers; Left and Right go through a lane&apos;s tokens, Up and Down to the next lane</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MergeTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="577"/>
        <source>%1 and %2 give the same %n merge(s).</source>
        <translation>
            <numerusform>%1 and %2 give the same %n merge.</numerusform>
            <numerusform>%1 and %2 give the same %n merges.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="582"/>
        <source>The timelines agree on %n merge(s) and diverge at merge %2: %3 picks %4, %5 picks %6.</source>
        <translation>
            <numerusform>The timelines agree on %n merge and diverge at merge %2: %3 picks %4, %5 picks %6.</numerusform>
            <numerusform>The timelines agree on %n merges and diverge at merge %2: %3 picks %4, %5 picks %6.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="615"/>
        <source>Segmentation after %n merge(s); shaded rows changed at this step.</source>
        <translation>
            <numerusform>Segmentation after %n merge; shaded rows changed at this step.</numerusform>
            <numerusform>Segmentation after %n merges; shaded rows changed at this step.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message numerus="yes">
        <location filename="../../gui/pipeline/view.py" line="240"/>
        <source>all %n merge(s)</source>
        <translation>
            <numerusform>all %n merge</numerusform>
            <numerusform>all %n merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pipeline/view.py" line="242"/>
        <source>of %n merge(s)</source>
        <translation>
            <numerusform>of %n merge</numerusform>
            <numerusform>of %n merges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuestionBox</name>
    <message numerus="yes">
        <location filename="../../gui/lessons/questions.py" line="171"/>
        <source>✘ Not quite (%n tries). Try again, or show the answer.</source>
        <translation>
            <numerusform>✘ Not quite (%n try). Try again, or show the answer.</numerusform>
            <numerusform>✘ Not quite (%n tries). Try again, or show the answer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SamplingTab</name>
    <message numerus="yes">
        <location filename="../../gui/compare/sampling.py" line="150"/>
        <source>%n draw(s)</source>
        <translation>
            <numerusform>%n draw</numerusform>
            <numerusform>%n draws</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/sampling.py" line="151"/>
        <source>%n distinct segmentation(s)</source>
        <translation>
            <numerusform>%n distinct segmentation</numerusform>
            <numerusform>%n distinct segmentations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="204"/>
        <source>Setting up the engines of %n tokenizer(s)…</source>
        <translation>
            <numerusform>Setting up the engines of %n tokenizer…</numerusform>
            <numerusform>Setting up the engines of %n tokenizers…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="207"/>
        <source>Encoding %n character(s)</source>
        <translation>
            <numerusform>Encoding %n character</numerusform>
            <numerusform>Encoding %n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="208"/>
        <source>with %n tokenizer(s)…</source>
        <translation>
            <numerusform>with %n tokenizer…</numerusform>
            <numerusform>with %n tokenizers…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="233"/>
        <source>Encoding %n character(s)…</source>
        <translation>
            <numerusform>Encoding %n character…</numerusform>
            <numerusform>Encoding %n characters…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="234"/>
        <source>%1 of %n tokenizer(s) done</source>
        <translation>
            <numerusform>%1 of %n tokenizer done</numerusform>
            <numerusform>%1 of %n tokenizers done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="269"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n character</numerusform>
            <numerusform>%n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="270"/>
        <source>%n UTF-8 byte(s)</source>
        <translation>
            <numerusform>%n UTF-8 byte</numerusform>
            <numerusform>%n UTF-8 bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="271"/>
        <source>▼ marks the %n token boundaries all %1 share</source>
        <translation>
            <numerusform>▼ marks the %n token boundary all %1 share</numerusform>
            <numerusform>▼ marks the %n token boundaries all %1 share</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StagesModel</name>
    <message numerus="yes">
        <location filename="../../gui/pipeline/models.py" line="97"/>
        <source>all %n merge(s)</source>
        <translation>
            <numerusform>all %n merge</numerusform>
            <numerusform>all %n merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pipeline/models.py" line="98"/>
        <source>first %1 of %n merge(s)</source>
        <translation>
            <numerusform>first %1 of %n merge</numerusform>
            <numerusform>first %1 of %n merges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineAlgorithm</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="98"/>
        <source>Use only the first %n merge(s):</source>
        <translation>
            <numerusform>Use only the first %n merge:</numerusform>
            <numerusform>Use only the first %n merges:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="101"/>
        <source>with %n merge(s)</source>
        <translation>
            <numerusform>with %n merge</numerusform>
            <numerusform>with %n merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="105"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelinePlots</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/plots.py" line="238"/>
        <source>After %n step(s):</source>
        <translation>
            <numerusform>After %n step:</numerusform>
            <numerusform>After %n steps:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/plots.py" line="239"/>
        <source>After %n merge(s):</source>
        <translation>
            <numerusform>After %n merge:</numerusform>
            <numerusform>After %n merges:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message numerus="yes">
        <location filename="../../gui/widgets/token_strip.py" line="463"/>
        <source>%n token(s); the arrow keys go from one to the next</source>
        <translation>
            <numerusform>%n token; the arrow keys go from one to the next</numerusform>
            <numerusform>%n tokens; the arrow keys go from one to the next</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnigramTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="180"/>
        <source>Trained %n pruning round(s) (vocabulary %1): %2.</source>
        <translation>
            <numerusform>Trained %n pruning round (vocabulary %1): %2.</numerusform>
            <numerusform>Trained %n pruning rounds (vocabulary %1): %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="185"/>
        <source>%n word(s) over %1 bytes left out, as SentencePiece leaves out long sentences.</source>
        <translation>
            <numerusform>%n word over %1 bytes left out, as SentencePiece leaves out long sentences.</numerusform>
            <numerusform>%n words over %1 bytes left out, as SentencePiece leaves out long sentences.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="197"/>
        <source>%n token(s) with the final model</source>
        <translation>
            <numerusform>%n token with the final model</numerusform>
            <numerusform>%n tokens with the final model</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="198"/>
        <source>%n token(s) after this round</source>
        <translation>
            <numerusform>%n token after this round</numerusform>
            <numerusform>%n tokens after this round</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabTexts</name>
    <message numerus="yes">
        <location filename="../../gui/vocab/texts.py" line="53"/>
        <source>%n token(s) checked. Never emitted for their own text: %2; partial UTF-8: %3; with no merge path: %4; duplicates up to case and leading space: %5.</source>
        <translation>
            <numerusform>%n token checked. Never emitted for their own text: %2; partial UTF-8: %3; with no merge path: %4; duplicates up to case and leading space: %5.</numerusform>
            <numerusform>%n tokens checked. Never emitted for their own text: %2; partial UTF-8: %3; with no merge path: %4; duplicates up to case and leading space: %5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabView</name>
    <message numerus="yes">
        <location filename="../../gui/vocab/view.py" line="302"/>
        <source>%1 of %n token(s) shown</source>
        <translation>
            <numerusform>%1 of %n token shown</numerusform>
            <numerusform>%1 of %n tokens shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WordPieceTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="130"/>
        <source>Trained %n WordPiece step(s) (vocabulary %1): %2.</source>
        <translation>
            <numerusform>Trained %n WordPiece step (vocabulary %1): %2.</numerusform>
            <numerusform>Trained %n WordPiece steps (vocabulary %1): %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="134"/>
        <source>Use only the first %n step(s):</source>
        <translation>
            <numerusform>Use only the first %n step:</numerusform>
            <numerusform>Use only the first %n steps:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="137"/>
        <source>with %n step(s)</source>
        <translation>
            <numerusform>with %n step</numerusform>
            <numerusform>with %n steps</numerusform>
        </translation>
    </message>
</context>
</TS>

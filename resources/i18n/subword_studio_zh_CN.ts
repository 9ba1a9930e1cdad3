<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutBox</name>
    <message>
        <location filename="../../gui/shell/about.py" line="25"/>
        <source>Chapter 19, Tokenization in depth: BPE, WordPiece, SentencePiece and byte-level methods</source>
        <translation>第 19 章 深入分词：BPE、WordPiece、SentencePiece 与字节级方法</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="27"/>
        <source>The blog post “Subword tokenization: BPE, WordPiece and SentencePiece”</source>
        <translation>博文《子词分词：BPE、WordPiece 与 SentencePiece》</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="28"/>
        <source>The article “Byte pair encoding (BPE): a simple, efficient open-vocabulary method”</source>
        <translation>文章《字节对编码（BPE）：一种简单而高效的开放词表分词方法》</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="45"/>
        <source>About Subword Studio</source>
        <translation>关于 Subword Studio</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="51"/>
        <source>Subword Studio %1</source>
        <translation>Subword Studio %1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="52"/>
        <source>An offline workbench to learn, inspect, compare and verify subword tokenizers.</source>
        <translation>一个离线工作台，用来学习、检查、比较和核验子词分词器。</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="54"/>
        <source>The lessons and exercises follow three texts, cited by name in the app:</source>
        <translation>课程与习题依据以下三篇材料，应用中按名称引用：</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="60"/>
        <source>The default tokenizer cannot be read: %1</source>
        <translation>无法读取默认分词器：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="63"/>
        <source>Default tokenizer: %1 (%2 entries, %3 merges)</source>
        <translation>默认分词器：%1（%2 项，%3 次合并）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="65"/>
        <source>Interface identity (SHA-256):</source>
        <translation>接口身份（SHA-256）：</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="65"/>
        <source>Full identity (SHA-256):</source>
        <translation>完整身份（SHA-256）：</translation>
    </message>
    <message>
        <location filename="../../gui/shell/about.py" line="69"/>
        <source>The book quotes %1 for its frozen tokenizer: the hash of the book&apos;s own canonical serialization, which it does not publish. Ours is the SHA-256 of the RFC 8785 canonical JSON of what a model sees: symbols and IDs, merge order, specials, normalizer, pre-tokenizer and boundary rule (the full identity adds counts, trainer and training data; see docs/identity.md). The two hashes cover different serializations, so they differ.</source>
        <translation>书中给出的冻结分词器标识是 %1：它是书中自定规范序列化的哈希，书里没有公开这种序列化。本程序的标识是模型所见内容的 RFC 8785 规范 JSON 的 SHA-256：符号与 ID、合并顺序、特殊 token、规范化、预分词和边界规则（完整身份另含次数、训练器和训练数据；见 docs/identity.md）。两个哈希覆盖的序列化不同，所以数值不同。</translation>
    </message>
</context>
<context>
    <name>Accessible</name>
    <message>
        <location filename="../../gui/widgets/accessible.py" line="53"/>
        <source>Tabs: %1</source>
        <translation>标签页：%1</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/accessible.py" line="58"/>
        <source>Table: %1</source>
        <translation>表格：%1</translation>
    </message>
</context>
<context>
    <name>AssetFindings</name>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="74"/>
        <source>%n token(s) have other IDs</source>
        <translation>
            <numerusform>%n 个 token 的 ID 不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="76"/>
        <source>Vocabulary differs: %n token(s) only in B</source>
        <translation>
            <numerusform>词表不同：%n 个 token 仅在 B 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="77"/>
        <source>%n only in A</source>
        <translation>
            <numerusform>%n 个仅在 A 中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="90"/>
        <source>%n merge(s) added from rank %1</source>
        <translation>
            <numerusform>从第 %1 位起新增 %n 个合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="92"/>
        <source>%n merge(s) removed from rank %1</source>
        <translation>
            <numerusform>从第 %1 位起删除 %n 个合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/findings.py" line="103"/>
        <source>Merge counts differ at %n rank(s)</source>
        <translation>
            <numerusform>有 %n 个位次的合并计数不同</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AssetLibraryModel</name>
    <message>
        <location filename="../../gui/assets/models.py" line="51"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="52"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="53"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="54"/>
        <source>Vocab</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="55"/>
        <source>Merges</source>
        <translation>合并数</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="56"/>
        <source>Interface identity</source>
        <translation>接口标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="57"/>
        <source>Full identity</source>
        <translation>完整标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="58"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="72"/>
        <source>unsaved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="77"/>
        <source>open: %1</source>
        <translation>已打开：%1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="80"/>
        <source>cannot load</source>
        <translation>无法加载</translation>
    </message>
</context>
<context>
    <name>AssetManager</name>
    <message>
        <location filename="../../gui/assets/manager.py" line="36"/>
        <source>Tokenizer assets (*.json);;All files (*)</source>
        <translation>分词器资产 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="104"/>
        <source>No folder chosen</source>
        <translation>未选择文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="105"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="106"/>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="107"/>
        <source>Stop scan</source>
        <translation>停止扫描</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="109"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="110"/>
        <source>Add trained model</source>
        <translation>添加已训练模型</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="111"/>
        <source>Add a model trained in the merge timeline (char BPE, byte-level BPE, WordPiece or Unigram) as an asset, with its training data; File → Export tokenizer writes it for other libraries.</source>
        <translation>把合并时间线中训练的模型（字符级 BPE、字节级 BPE、WordPiece 或 Unigram）连同其训练数据添加为资产；“文件 → 导出分词器”可将其写成其他库的格式。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="116"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="117"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="118"/>
        <source>Duplicate</source>
        <translation>复制副本</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="119"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="120"/>
        <source>Make broken copy…</source>
        <translation>制作损坏副本…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="121"/>
        <source>Swap two IDs: same shapes, other meaning (Chapter 19, exercise 5)</source>
        <translation>交换两个 ID：形状不变，含义改变（第 19 章，练习 5）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="122"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="123"/>
        <source>Use for encoding</source>
        <translation>用于编码</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="124"/>
        <source>Encode and decode with this tokenizer in the Encode / decode tab</source>
        <translation>在“编码 / 解码”标签页中用此分词器编码和解码</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="130"/>
        <source>Select two assets (Ctrl+click) to compare them.</source>
        <translation>选择两个资产（Ctrl+单击）进行比较。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="133"/>
        <source>First asset&apos;s identity</source>
        <translation>第一个资产的标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="134"/>
        <source>Second asset&apos;s identity</source>
        <translation>第二个资产的标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="142"/>
        <source>What differs between the two assets</source>
        <translation>两个资产之间的差异</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="148"/>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="228"/>
        <source>Asset folder</source>
        <translation>资产文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="238"/>
        <source>Choose a folder first.</source>
        <translation>请先选择文件夹。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="245"/>
        <source>Scanned %1 of %n file(s)</source>
        <translation>
            <numerusform>已扫描 %1/%n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="266"/>
        <source>%n asset(s) in the folder</source>
        <translation>
            <numerusform>文件夹中有 %n 个资产</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="268"/>
        <source>; %n file(s) could not be read (hover for why)</source>
        <translation>
            <numerusform>；%n 个文件无法读取（悬停查看原因）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="367"/>
        <source>Opened %n asset(s)</source>
        <translation>
            <numerusform>已打开 %n 个资产</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="298"/>
        <source>Select an asset first.</source>
        <translation>请先选择一个资产。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="311"/>
        <source>Still working on the last action…</source>
        <translation>上一个操作仍在进行…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="313"/>
        <source>Working…</source>
        <translation>正在处理…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="341"/>
        <source>Cancelled; the workspace is unchanged.</source>
        <translation>已取消；工作区未改变。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="354"/>
        <source>Open tokenizer assets</source>
        <translation>打开分词器资产</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="358"/>
        <source> (and %n more)</source>
        <translation>
            <numerusform>（另有 %n 个）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/manager.py" line="369"/>
        <source>Reading %n asset file(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个资产文件…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="379"/>
        <location filename="../../gui/assets/manager.py" line="386"/>
        <source>Nothing trained yet: train in the Merge timeline</source>
        <translation>尚未训练任何模型：请在“合并时间线”中训练</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="392"/>
        <source>Added %1: File → Export tokenizer writes it for other libraries.</source>
        <translation>已添加 %1：“文件 → 导出分词器”可将其写成其他库的格式。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="412"/>
        <source>Not saved.</source>
        <translation>未保存。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="548"/>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="401"/>
        <source>The encode/decode panel now uses %1</source>
        <translation>编码/解码面板现在使用 %1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="416"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="425"/>
        <source>Save tokenizer asset</source>
        <translation>保存分词器资产</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="436"/>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="446"/>
        <source>Rename asset</source>
        <translation>重命名资产</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="446"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="450"/>
        <source>The asset changed while it was being renamed; rename it again.</source>
        <translation>重命名期间该资产已被修改，请重新命名。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="457"/>
        <source>Renamed: the identity did not change, names are metadata.</source>
        <translation>已重命名：标识未改变，名称只是元数据。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="476"/>
        <source>%1 (IDs %2↔%3 swapped)</source>
        <translation>%1（ID %2↔%3 已交换）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="486"/>
        <source>Close asset</source>
        <translation>关闭资产</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="487"/>
        <source>%1 has unsaved changes. Close it anyway?</source>
        <translation>%1 有未保存的更改。仍要关闭吗？</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="506"/>
        <source>Copy interface identity</source>
        <translation>复制接口标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="507"/>
        <source>Copy full identity</source>
        <translation>复制完整标识</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="545"/>
        <source>%1: %2 (%3, vocab %4) interface</source>
        <translation>%1：%2（%3，词表 %4）接口</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="21"/>
        <source>Identical: same interface and same provenance. Names, notes, dates and file formatting never change identity.</source>
        <translation>完全相同：接口相同，来源也相同。名称、备注、日期和文件格式从不改变标识。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="27"/>
        <source>Same interface, other provenance: a model sees the same IDs, but the trainer, training data or counts differ.</source>
        <translation>接口相同，来源不同：模型看到的 ID 相同，但训练器、训练数据或计数不同。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="34"/>
        <source>Interface differs although both vocabularies have %1 entries: every shape check passes, yet the IDs do not mean the same thing.</source>
        <translation>接口不同，尽管两个词表都有 %1 项：所有形状检查都能通过，但 ID 的含义不再相同。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="40"/>
        <source>Interface differs and the vocabulary sizes differ (%1 vs %2): shape checks will catch this one.</source>
        <translation>接口不同，词表大小也不同（%1 对 %2）：形状检查会发现这一问题。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="50"/>
        <source>input embedding rows</source>
        <translation>输入嵌入行</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="51"/>
        <source>output vocabulary columns</source>
        <translation>输出词表列</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="52"/>
        <source>output biases</source>
        <translation>输出偏置</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="53"/>
        <source>stored encoded datasets</source>
        <translation>已存储的编码数据集</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="54"/>
        <source>saved prompts</source>
        <translation>已保存的提示词</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="63"/>
        <source>IDs %1 and %2 are swapped: %3 ↔ %4</source>
        <translation>ID %1 与 %2 被交换：%3 ↔ %4</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="70"/>
        <source>IDs renumbered in a cycle: %1</source>
        <translation>ID 被循环重新编号：%1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="110"/>
        <source>Differs: %1</source>
        <translation>不同：%1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="80"/>
        <source>Vocabulary size %1 vs %2</source>
        <translation>词表大小 %1 对 %2</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="85"/>
        <source>Same merges in another order: ranks %1 moved</source>
        <translation>合并相同但顺序不同：第 %1 位发生移动</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="97"/>
        <source>Merges differ from rank %1: %2 vs %3</source>
        <translation>合并从第 %1 位起不同：%2 对 %3</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="117"/>
        <source>No differences: every component has the same hash.</source>
        <translation>没有差异：每个组件的哈希都相同。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="124"/>
        <source>Breaks: %1</source>
        <translation>会破坏：%1</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="128"/>
        <source>(shape checks still pass)</source>
        <translation>（形状检查仍然通过）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/findings.py" line="137"/>
        <source>&lt;b&gt;Why the swap is dangerous.&lt;/b&gt; Both tokenizers have %1 entries, so the embedding table, the output matrix and its biases keep their shapes and every shape check passes. But a model trained with A looks up row %2 of its input embedding for %3, and B now sends %4 there; output column %2 and its bias now score the wrong candidate, and likewise for %5. Every stored encoded dataset and saved prompt that contains %2 or %5 now decodes to other text. To migrate, re-encode the data and prompts, or permute embedding rows, output columns and biases together; the special IDs, merge references and the asset identity must agree.</source>
        <translation>&lt;b&gt;为什么交换很危险。&lt;/b&gt;两个分词器都有 %1 项，因此嵌入表、输出矩阵及其偏置的形状都不变，所有形状检查都能通过。但用 A 训练的模型会为 %3 查找输入嵌入的第 %2 行，而 B 现在把 %4 送到那里；输出第 %2 列及其偏置现在给错误的候选打分，%5 也是如此。所有包含 %2 或 %5 的已存储编码数据集和已保存提示词，现在都会解码成别的文本。要迁移，请重新编码数据和提示词，或同时置换嵌入行、输出列和偏置；特殊 ID、合并引用和资产标识必须保持一致。</translation>
    </message>
</context>
<context>
    <name>BehaviourModel</name>
    <message>
        <location filename="../../gui/assets/models.py" line="155"/>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="156"/>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="157"/>
        <source>IDs in A</source>
        <translation>A 中的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="158"/>
        <source>IDs in B</source>
        <translation>B 中的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="159"/>
        <source>A&apos;s IDs read by B</source>
        <translation>A 的 ID 由 B 读取</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="162"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="163"/>
        <source>same pieces, other IDs</source>
        <translation>片段相同，ID 不同</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="164"/>
        <source>other pieces</source>
        <translation>片段不同</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="165"/>
        <source>fails in one</source>
        <translation>其中一个失败</translation>
    </message>
</context>
<context>
    <name>ByteTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/byte.py" line="124"/>
        <source>Trained %n byte-level merge(s).</source>
        <translation>
            <numerusform>已训练 %n 次字节级合并。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="127"/>
        <source>Byte-level BPE has no whitespace split: it learned from whole records.</source>
        <translation>字节级 BPE 没有按空白切分：它从整条记录学习。</translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="99"/>
        <source>An encoder gives one list per text. A model trained on its output has never seen another spelling of the same bytes, such as [58, 32] for [259] in the classroom tokenizer.</source>
        <translation>编码器对每段文本只给出一个列表。用其输出训练的模型从未见过同一串字节的其他切分，例如课堂分词器中用 [58, 32] 代替 [259]。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="105"/>
        <source>Canonical tokens</source>
        <translation>规范 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="153"/>
        <source>Checking whether these %1 IDs are canonical…</source>
        <translation>正在检查这 %1 个 ID 是否为规范编码…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="160"/>
        <source>Cannot check the list: %1</source>
        <translation>无法检查该列表：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="166"/>
        <source>This list: %n token(s)</source>
        <translation>
            <numerusform>此列表：%n 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="169"/>
        <source>Canonical: cannot tell. The bytes are not valid UTF-8, so there is no text for this tokenizer to encode again.</source>
        <translation>是否规范：无法判断。这些字节不是有效的 UTF-8，没有可供此分词器重新编码的文本。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="173"/>
        <source>Canonical as bytes: encoding these bytes again gives this list, but they are not valid UTF-8 text (see above).</source>
        <translation>按字节是规范的：重新编码这些字节得到的正是此列表，但它们不是有效的 UTF-8 文本（见上文）。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="177"/>
        <source>Canonical: yes. Encoding the decoded text gives this list.</source>
        <translation>规范：是。对解码出的文本重新编码得到的正是此列表。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="180"/>
        <source>bytes %1–%2</source>
        <translation>字节 %1–%2</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="180"/>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <location filename="../../gui/encode/canon_view.py" line="183"/>
        <source>Canonical: no. The encoder spells the same bytes differently at %1%2; the tokens that differ are marked ≠ on both sides.</source>
        <translation>规范：否。编码器对 %1%2 处的相同字节给出了不同的切分；两侧不同的 token 都标有 ≠。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/canon_view.py" line="189"/>
        <source>Canonical list: %n token(s)</source>
        <translation>
            <numerusform>规范列表：%n 个 token</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CharTimeline</name>
    <message numerus="yes">
        <location filename="../../gui/timeline/char.py" line="34"/>
        <source>Trained %n merge(s): %1.</source>
        <translation>
            <numerusform>已训练 %n 次合并：%1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <location filename="../../gui/compare/sampling.py" line="65"/>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="66"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="29"/>
        <source>Segmentation # (see the table)</source>
        <translation>切分编号（见表格）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="30"/>
        <source>Times drawn</source>
        <translation>抽中次数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="56"/>
        <source>Type or paste any text: a word, a sentence or whole pages</source>
        <translation>输入或粘贴任意文本：一个词、一个句子或整页文字</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="58"/>
        <source>Text to compare</source>
        <translation>要比较的文本</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="74"/>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="77"/>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="78"/>
        <source>Unigram lattice</source>
        <translation>Unigram 网格</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="79"/>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="80"/>
        <source>WordPiece search</source>
        <translation>WordPiece 搜索</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="81"/>
        <source>fastText n-grams</source>
        <translation>fastText n-gram</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="82"/>
        <source>Corpus statistics</source>
        <translation>语料统计</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="152"/>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="152"/>
        <source>built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="153"/>
        <source>%1 (built-in)</source>
        <translation>%1（内置）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="159"/>
        <source>Built-in tokenizer</source>
        <translation>内置分词器</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="178"/>
        <source>Side by side shows all %1 characters; the lattice, sampling, WordPiece search and n-gram tabs look at the first %2.</source>
        <translation>“并排对比”显示全部 %1 个字符；网格、采样、WordPiece 搜索和 n-gram 标签页只看前 %2 个。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lattice.py" line="73"/>
        <source>Unigram model:</source>
        <translation>Unigram 模型：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lattice.py" line="74"/>
        <source>n-best:</source>
        <translation>n-best：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="75"/>
        <source>alpha:</source>
        <translation>alpha：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="76"/>
        <source>samples:</source>
        <translation>样本数：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="77"/>
        <source>seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="28"/>
        <source>WordPiece model:</source>
        <translation>WordPiece 模型：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/fasttext.py" line="30"/>
        <source>n from</source>
        <translation>n 从</translation>
    </message>
    <message>
        <location filename="../../gui/compare/fasttext.py" line="30"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location filename="../../gui/compare/view.py" line="132"/>
        <source>trained char BPE</source>
        <translation>已训练的字符 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="135"/>
        <source>cannot encode: %1</source>
        <translation>无法编码：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="97"/>
        <source>Press Sample to draw segmentations with probability ∝ P^alpha.</source>
        <translation>按“采样”以概率 ∝ P^alpha 抽取切分。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lattice.py" line="46"/>
        <source>No Unigram model is loaded: open a unigram asset in the Assets tab.</source>
        <translation>未加载 Unigram 模型：请在“资产”标签页中打开一个 unigram 资产。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lattice.py" line="120"/>
        <source>Normalized: %1 — %2 candidate pieces; Viterbi path (green) scores %3</source>
        <translation>规范化后：%1 — %2 个候选片段；Viterbi 路径（绿色）得分 %3</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lattice.py" line="124"/>
        <source>(too many to draw; shorten the text to see the lattice)</source>
        <translation>（太多，无法绘制；缩短文本以查看网格）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="43"/>
        <source>No WordPiece model is loaded: open a wordpiece asset in the Assets tab.</source>
        <translation>未加载 WordPiece 模型：请在“资产”标签页中打开一个 wordpiece 资产。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="49"/>
        <source>longer than %1 characters → [UNK]</source>
        <translation>超过 %1 个字符 → [UNK]</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="53"/>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="53"/>
        <source>not in vocab</source>
        <translation>不在词表中</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="55"/>
        <source>nothing matches here → whole word [UNK]</source>
        <translation>此处无匹配 → 整词 [UNK]</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="68"/>
        <source>Tokens: %1</source>
        <translation>token：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="70"/>
        <source>BasicTokenizer: %1</source>
        <translation>BasicTokenizer：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare/search.py" line="71"/>
        <source>no stage changed the text</source>
        <translation>没有阶段改变文本</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="125"/>
        <source>Sampling… %1 of %2</source>
        <translation>采样中… %1/%2</translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="133"/>
        <source>Sampling cancelled.</source>
        <translation>采样已取消。</translation>
    </message>
</context>
<context>
    <name>ComponentModel</name>
    <message>
        <location filename="../../gui/assets/models.py" line="110"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="111"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="112"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="113"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="116"/>
        <source>Initial symbols and IDs</source>
        <translation>初始符号与 ID</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="117"/>
        <source>Vocabulary (ID → token)</source>
        <translation>词表（ID → token）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="118"/>
        <source>Merges / segmentation rule</source>
        <translation>合并 / 切分规则</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="119"/>
        <source>Special tokens and IDs</source>
        <translation>特殊 token 与 ID</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="120"/>
        <source>Normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="121"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="122"/>
        <source>Boundary rule</source>
        <translation>边界规则</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="123"/>
        <source>Post-processor</source>
        <translation>后处理器</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="124"/>
        <source>Merge counts (provenance)</source>
        <translation>合并计数（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="125"/>
        <source>Trainer (provenance)</source>
        <translation>训练器（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="126"/>
        <source>Training data (provenance)</source>
        <translation>训练数据（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="136"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../gui/assets/models.py" line="138"/>
        <source>different</source>
        <translation>不同</translation>
    </message>
</context>
<context>
    <name>CorpusEditor</name>
    <message>
        <location filename="../../gui/corpus/editor.py" line="44"/>
        <source>whitespace</source>
        <translation>空白</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="45"/>
        <source>GPT-2 regex</source>
        <translation>GPT-2 正则</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="46"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="94"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="94"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="95"/>
        <source>Characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="130"/>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="150"/>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="150"/>
        <source>Line ending</source>
        <translation>行尾</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="151"/>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="190"/>
        <source>record %1</source>
        <translation>记录 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="200"/>
        <source>%1: the line ending must be LF, CRLF or none</source>
        <translation>%1：行尾必须是 LF、CRLF 或 none</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/models.py" line="203"/>
        <source>%1: only the last record may have no line ending</source>
        <translation>%1：只有最后一条记录可以没有行尾</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="104"/>
        <source>Word-frequency table</source>
        <translation>词频表</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="105"/>
        <source>Raw records</source>
        <translation>原始记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="109"/>
        <source>Training words:</source>
        <translation>训练词：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="110"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="111"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="112"/>
        <source>Remove selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="113"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="114"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="116"/>
        <source>Filter…</source>
        <translation>筛选…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="127"/>
        <location filename="../../gui/corpus/editor.py" line="299"/>
        <source>new word</source>
        <translation>新词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="129"/>
        <source>Count of the new word</source>
        <translation>新词的次数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="132"/>
        <source>new record (kept exactly)</source>
        <translation>新记录（原样保留）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="133"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="137"/>
        <source>Cancel import</source>
        <translation>取消导入</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="144"/>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="247"/>
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="247"/>
        <source>%n word occurrence(s)</source>
        <translation>
            <numerusform>%n 次词出现</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="248"/>
        <location filename="../../gui/corpus/editor.py" line="252"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="248"/>
        <source>%n byte(s) (UTF-8)</source>
        <translation>
            <numerusform>%n 字节（UTF-8）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="251"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="251"/>
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 个词</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="253"/>
        <source>%n byte(s) (exact, with line endings)</source>
        <translation>
            <numerusform>%n 字节（精确，含行尾）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="258"/>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="261"/>
        <source>Redo %1</source>
        <translation>重做 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="287"/>
        <source>Cannot switch mode: %1</source>
        <translation>无法切换模式：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="291"/>
        <source>Switch corpus mode</source>
        <translation>切换语料模式</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="305"/>
        <source>new record</source>
        <translation>新记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="316"/>
        <source>Add records</source>
        <translation>添加记录</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="329"/>
        <source>Remove %n row(s)</source>
        <translation>
            <numerusform>移除 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="341"/>
        <source>Paste records</source>
        <translation>粘贴记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="345"/>
        <source>Nothing pasted: %1</source>
        <translation>未粘贴任何内容：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="353"/>
        <source>Paste words</source>
        <translation>粘贴词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="366"/>
        <source>Import a text file</source>
        <translation>导入文本文件</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="367"/>
        <source>Text files (*.txt *.tsv *.tab);;All files (*)</source>
        <translation>文本文件 (*.txt *.tsv *.tab);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="393"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="375"/>
        <location filename="../../gui/corpus/editor.py" line="424"/>
        <source>Import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="431"/>
        <source>Import cancelled; the corpus is unchanged.</source>
        <translation>导入已取消；语料未改变。</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="436"/>
        <source>Invalid UTF-8</source>
        <translation>无效的 UTF-8</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="437"/>
        <source>%n line(s) are not valid UTF-8. The first:</source>
        <translation>
            <numerusform>%n 行不是有效的 UTF-8。第一行：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="439"/>
        <source>Skip these lines</source>
        <translation>跳过这些行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="440"/>
        <source>Stop import</source>
        <translation>停止导入</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="455"/>
        <source>Import stopped: %1</source>
        <translation>导入已停止：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="461"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="462"/>
        <source>Imported %1.</source>
        <translation>已导入 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus/editor.py" line="464"/>
        <source>Skipped %n line(s) with invalid UTF-8; the first: </source>
        <translation>
            <numerusform>已跳过 %n 行无效 UTF-8；第一行：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusStatsTab</name>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="50"/>
        <source>Workspace corpus</source>
        <translation>工作区语料</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="51"/>
        <source>Corpus files:</source>
        <translation>语料文件：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="55"/>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="56"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="57"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="59"/>
        <source>Compute statistics</source>
        <translation>计算统计</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="60"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="67"/>
        <source>Fertility (tokens per word)</source>
        <translation>繁殖率（每词 token 数）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="67"/>
        <source>Characters per token</source>
        <translation>每 token 字符数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="68"/>
        <source>Bytes per token</source>
        <translation>每 token 字节数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="68"/>
        <source>[UNK] rate</source>
        <translation>[UNK] 比例</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="69"/>
        <source>Byte-fallback rate</source>
        <translation>字节回退比例</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="69"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="72"/>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="73"/>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="74"/>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="89"/>
        <source>Tokenizers:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="103"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="105"/>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="54"/>
        <location filename="../../gui/compare/corpus_stats.py" line="169"/>
        <source>Corpus files</source>
        <translation>语料文件</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="170"/>
        <source>Text (*.txt *.jsonl *.gz *.zst);;All files (*)</source>
        <translation>文本 (*.txt *.jsonl *.gz *.zst);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="174"/>
        <source>Corpus folder</source>
        <translation>语料文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="199"/>
        <source>Tick at least one tokenizer.</source>
        <translation>请至少勾选一个分词器。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="203"/>
        <source>There is no workspace corpus.</source>
        <translation>没有工作区语料。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="213"/>
        <source>Add corpus files or a folder first.</source>
        <translation>请先添加语料文件或文件夹。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="227"/>
        <source>Reading the corpus…</source>
        <translation>正在读取语料…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="243"/>
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="244"/>
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 个词</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="245"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="246"/>
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/corpus_stats.py" line="248"/>
        <source>%n invalid UTF-8 sequence(s).</source>
        <translation>
            <numerusform>%n 处无效 UTF-8 序列。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="259"/>
        <source>%1 splits most: %2</source>
        <translation>%1 切分最多的词：%2</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="267"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="284"/>
        <source>Unicode script</source>
        <translation>Unicode 文字系统</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="323"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../gui/compare/corpus_stats.py" line="347"/>
        <source>Export corpus statistics</source>
        <translation>导出语料统计</translation>
    </message>
</context>
<context>
    <name>DecodeBox</name>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="49"/>
        <source>Decode IDs</source>
        <translation>解码 ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="110"/>
        <source>IDs, e.g. 255 or [270, 32, 268]</source>
        <translation>ID，例如 255 或 [270, 32, 268]</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="53"/>
        <source>strict (error)</source>
        <translation>strict（报错）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="53"/>
        <source>raw (bytes)</source>
        <translation>raw（字节）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="54"/>
        <source>replace (display fallback)</source>
        <translation>replace（显示替代）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="56"/>
        <source>What decoding does with bytes that are not valid UTF-8</source>
        <translation>解码时如何处理不是有效 UTF-8 的字节</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="57"/>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="58"/>
        <source>Decode the IDs in the field with the panel&apos;s tokenizer</source>
        <translation>用本面板的分词器解码输入框中的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="59"/>
        <source>Use the IDs above</source>
        <translation>使用上方的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="60"/>
        <source>Put the IDs of the encoded text in the field and decode them</source>
        <translation>把编码文本的 ID 填入输入框并解码</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="61"/>
        <source>Open IDs…</source>
        <translation>打开 ID 文件…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="62"/>
        <source>Read a list of IDs from a text or JSON file and decode it</source>
        <translation>从文本或 JSON 文件读取 ID 列表并解码</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="68"/>
        <source>Decoded text</source>
        <translation>解码文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="69"/>
        <source>The text the IDs decode to, under the chosen policy for invalid UTF-8</source>
        <translation>这些 ID 按所选的无效 UTF-8 处理方式解码得到的文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="71"/>
        <source>Tokens of the IDs</source>
        <translation>这些 ID 的 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="77"/>
        <source>IDs:</source>
        <translation>ID：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="78"/>
        <source>Invalid UTF-8:</source>
        <translation>无效 UTF-8：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="125"/>
        <source>%1 IDs, too many to show here (typing replaces them)</source>
        <translation>%1 个 ID，太多，无法在此显示（输入新的列表即替换）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="135"/>
        <source>Open an ID list</source>
        <translation>打开 ID 列表</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="136"/>
        <source>ID lists (*.txt *.json);;All files (*)</source>
        <translation>ID 列表 (*.txt *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="145"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="146"/>
        <location filename="../../gui/encode/decode_box.py" line="167"/>
        <source>Cannot read the ID list: %1</source>
        <translation>无法读取 ID 列表：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="177"/>
        <location filename="../../gui/encode/decode_box.py" line="185"/>
        <source>Cannot decode: %1</source>
        <translation>无法解码：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode/decode_box.py" line="181"/>
        <source>Decoding %1 IDs…</source>
        <translation>正在解码 %1 个 ID…</translation>
    </message>
</context>
<context>
    <name>EditPanel</name>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="69"/>
        <source>Tokens to remove, one per line</source>
        <translation>要移除的 token，每行一个</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="70"/>
        <source>New tokens, one per line</source>
        <translation>新 token，每行一个</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="71"/>
        <source>New special tokens, one per line</source>
        <translation>新特殊 token，每行一个</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="72"/>
        <source>OLD=NEW, keeping its ID</source>
        <translation>旧=新，ID 不变</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="73"/>
        <source>Remove selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="74"/>
        <source>Add the tokens selected in the table to the list to remove</source>
        <translation>把表格中选中的 token 加入移除列表</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="76"/>
        <source>Reserve selected</source>
        <translation>所选改名</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="77"/>
        <source>Start an OLD=NEW line for each token selected in the table</source>
        <translation>为表格中选中的每个 token 写出一行 旧=新</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="78"/>
        <source>Also remove what becomes unreachable</source>
        <translation>同时移除变得不可达的 token</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="79"/>
        <source>Renumber densely</source>
        <translation>连续重新编号</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="80"/>
        <source>Give the kept and new tokens consecutive IDs (every later ID moves)</source>
        <translation>给保留的和新的 token 连续的 ID（之后的 ID 都会移动）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="84"/>
        <source>Sample texts, one per line</source>
        <translation>样例文本，每行一个</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="85"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="86"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="100"/>
        <source>Apply as new asset</source>
        <translation>应用为新资产</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="101"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="102"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="103"/>
        <source>Save ID map…</source>
        <translation>保存 ID 映射…</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="104"/>
        <source>Where every old ID went and the new tokens, as the command line&apos;s --id-map writes it (JSON)</source>
        <translation>每个旧 ID 的去向及新 token，与命令行 --id-map 写出的相同（JSON）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="111"/>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="111"/>
        <source>A&amp;dd</source>
        <translation>添加(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="112"/>
        <source>Add &amp;special</source>
        <translation>添加特殊 token(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="113"/>
        <source>Reserv&amp;e</source>
        <translation>保留位改名(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="122"/>
        <source>Sa&amp;mple texts</source>
        <translation>样例文本(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="199"/>
        <source>Choose a tokenizer to edit.</source>
        <translation>请选择要编辑的分词器。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="201"/>
        <source>Checking whether this tokenizer can be edited…</source>
        <translation>正在检查此分词器能否编辑…</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="214"/>
        <source>This tokenizer cannot be edited: %1</source>
        <translation>此分词器无法编辑：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="253"/>
        <source>Changed since the preview: preview again to apply.</source>
        <translation>预览后已有改动：请重新预览后再应用。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="267"/>
        <source>Nothing to do: name tokens to remove, add or reserve.</source>
        <translation>没有要做的事：请填写要移除、添加或改名的 token。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="269"/>
        <source>%1 (edited)</source>
        <translation>%1（已编辑）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="269"/>
        <source>tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="272"/>
        <source>Previewing…</source>
        <translation>正在预览…</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="292"/>
        <source>Preview shows the new size, the tokens that become unreachable and the sample texts whose IDs change.</source>
        <translation>预览会显示新的词表大小、变得不可达的 token，以及 ID 发生变化的样例文本。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="305"/>
        <source>Texts (%1)</source>
        <translation>文本（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="305"/>
        <source>Sample texts whose IDs change</source>
        <translation>ID 发生变化的样例文本</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="308"/>
        <source>New tokens and their IDs</source>
        <translation>新 token 及其 ID</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="309"/>
        <source>Removed (%1)</source>
        <translation>移除（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="310"/>
        <source>Removed and renamed tokens</source>
        <translation>移除和改名的 token</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="306"/>
        <source>Unreachable (%1)</source>
        <translation>不可达（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="307"/>
        <source>Kept tokens no merge builds any more</source>
        <translation>保留下来、但已没有合并能构成的 token</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="308"/>
        <source>New (%1)</source>
        <translation>新增（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="311"/>
        <source>Notes (%1)</source>
        <translation>说明（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="311"/>
        <source>What the edit says about itself</source>
        <translation>关于这次编辑的说明</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="327"/>
        <source>Added %1 to the assets.</source>
        <translation>已把 %1 加入资产。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="343"/>
        <source>Save ID map</source>
        <translation>保存 ID 映射</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="356"/>
        <source>ID map not saved: %1</source>
        <translation>ID 映射未保存：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="359"/>
        <source>ID map saved to %1.</source>
        <translation>ID 映射已保存到 %1。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="379"/>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="435"/>
        <source>Preview cancelled.</source>
        <translation>预览已取消。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_panel.py" line="443"/>
        <source>Not previewed: %1</source>
        <translation>未能预览：%1</translation>
    </message>
</context>
<context>
    <name>EncodePanel</name>
    <message>
        <location filename="../../gui/encode/panel.py" line="186"/>
        <source>This window keeps its own choice: the main window&apos;s encode panel, the Pipeline and Compare keep theirs.</source>
        <translation>本窗口单独保留自己的选择：主窗口的编码面板、流水线和比较视图各自保留原来的选择。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="189"/>
        <source>Add special tokens</source>
        <translation>添加特殊 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="190"/>
        <source>Read specials in the text</source>
        <translation>读取文本中的特殊 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="196"/>
        <source>Pin engine:</source>
        <translation>固定引擎：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="199"/>
        <source>Type or paste text to encode</source>
        <translation>输入或粘贴要编码的文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="200"/>
        <source>Text to encode</source>
        <translation>要编码的文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="201"/>
        <source>Encoded as you type: the counts, the tokens and the table below follow</source>
        <translation>输入时即编码：下方的计数、token 和表格随之更新</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="204"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="205"/>
        <source>Stop waiting for this encoding; the tokens stay empty until the text or the tokenizer changes</source>
        <translation>不再等待这次编码；在文本或分词器改变之前，token 区保持为空</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="209"/>
        <source>Tokens of the text</source>
        <translation>文本的 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="215"/>
        <source>Token table</source>
        <translation>token 表</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="216"/>
        <source>One row per token: its ID, how the vocabulary stores it, what it reads as, its bytes and where it is in the text; the arrow keys select a token</source>
        <translation>每个 token 一行：ID、词表中的存储形式、读作、字节以及在文本中的位置；方向键选择 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="351"/>
        <source>Put the tokenizer&apos;s post-processor specials around the tokens ([CLS] … [SEP]), as Hugging Face&apos;s encode(text) does by default</source>
        <translation>在 token 两侧加上分词器后处理器的特殊 token（[CLS] … [SEP]），与 Hugging Face 的 encode(text) 默认行为相同</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="353"/>
        <source>This tokenizer has no post-processor: there are no special tokens to add</source>
        <translation>此分词器没有后处理器：没有可添加的特殊 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="369"/>
        <source>Read a special token written in the text (such as &lt;|endoftext|&gt;) as the control token, as tiktoken&apos;s allowed_special=&quot;all&quot; does; unticked, it is ordinary text. A user&apos;s text that becomes a control token is how prompt injection through a tokenizer works.</source>
        <translation>把文本中写出的特殊 token（例如 &lt;|endoftext|&gt;）读作控制 token，如同 tiktoken 的 allowed_special=&quot;all&quot;；不勾选时它是普通文本。用户的文本变成控制 token，正是通过分词器进行提示注入的方式。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="372"/>
        <source>This tokenizer reads special tokens written in the text as ordinary text</source>
        <translation>此分词器把文本中写出的特殊 token 读作普通文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="386"/>
        <source>Waiting for the engine…</source>
        <translation>正在等待编码引擎…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="447"/>
        <source>Encoding cancelled: edit the text or choose a tokenizer to encode again.</source>
        <translation>编码已取消：修改文本或选择分词器即可重新编码。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="406"/>
        <source>Encoding %1 characters…</source>
        <translation>正在编码 %1 个字符…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="184"/>
        <source>&amp;Tokenizer (this window&apos;s own):</source>
        <translation>分词器（本窗口自选）(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="184"/>
        <source>&amp;Tokenizer:</source>
        <translation>分词器(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/panel.py" line="484"/>
        <source>Cannot encode: %1</source>
        <translation>无法编码：%1</translation>
    </message>
</context>
<context>
    <name>EncodeTexts</name>
    <message>
        <location filename="../../gui/encode/texts.py" line="33"/>
        <source>timeline: byte-level BPE</source>
        <translation>时间线：字节级 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="34"/>
        <source>timeline: WordPiece</source>
        <translation>时间线：WordPiece</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="35"/>
        <source>timeline: Unigram</source>
        <translation>时间线：Unigram</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="42"/>
        <source>classroom tokenizer</source>
        <translation>课堂分词器</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="44"/>
        <source>trained model</source>
        <translation>训练好的模型</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="52"/>
        <source>%1 (%2 · vocab %3)</source>
        <translation>%1（%2 · 词表 %3）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="61"/>
        <source>Identity: %1</source>
        <translation>标识：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="65"/>
        <source>Special tokens: %1</source>
        <translation>特殊 token：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="91"/>
        <source>%n unknown</source>
        <translation>
            <numerusform>%n 个未知</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="94"/>
        <source>%n byte-fallback piece(s)</source>
        <translation>
            <numerusform>%n 个字节回退片段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="97"/>
        <source>%n special</source>
        <translation>
            <numerusform>%n 个特殊</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="108"/>
        <source>The text spells %n special token(s) (%1): read as control tokens.</source>
        <translation>
            <numerusform>文本中写出了 %n 个特殊 token（%1）：按控制 token 读取。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="111"/>
        <source>The text spells %n special token(s) (%1): shown as ordinary text, marked; tiktoken refuses such text unless the caller allows them.</source>
        <translation>
            <numerusform>文本中写出了 %n 个特殊 token（%1）：作为普通文本显示并已标出；除非调用方允许，tiktoken 会拒绝这样的文本。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="114"/>
        <source>The text spells %n special token(s) (%1): read as ordinary text, marked.</source>
        <translation>
            <numerusform>文本中写出了 %n 个特殊 token（%1）：按普通文本读取并已标出。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="128"/>
        <source>Normal forms: </source>
        <translation>规范化形式：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="130"/>
        <source>Normal forms (decoding these tokens gives the input back exactly): </source>
        <translation>规范化形式（解码这些 token 可原样得回输入）：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="135"/>
        <source>Normal forms (this tokenizer changes the input: from character %1, decoding gives “%2” where the input has “%3”): </source>
        <translation>规范化形式（此分词器会改变输入：从第 %1 个字符起，解码得到“%2”，而输入是“%3”）：</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="146"/>
        <source>same as the input</source>
        <translation>与输入相同</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="79"/>
        <source>%n code point(s)</source>
        <translation>
            <numerusform>%n 个码点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="81"/>
        <source>%n UTF-8 byte(s) = %n base byte token(s)</source>
        <translation>
            <numerusform>%n 个 UTF-8 字节 = %n 个基础字节 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="83"/>
        <source>%n UTF-8 byte(s)</source>
        <translation>
            <numerusform>%n 个 UTF-8 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="85"/>
        <source>%n BPE token(s)</source>
        <translation>
            <numerusform>%n 个 BPE token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="87"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="148"/>
        <source>changes it: %n code point(s)</source>
        <translation>
            <numerusform>会改变：%n 个码点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/encode/texts.py" line="149"/>
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="155"/>
        <source>Normal forms: shown for inputs up to %1 characters.</source>
        <translation>规范化形式：仅对不超过 %1 个字符的输入显示。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="162"/>
        <source>special token: no bytes of the text</source>
        <translation>特殊 token：不对应文本中的任何字节</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="164"/>
        <source>unknown token for %1</source>
        <translation>代替 %1 的未知 token</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="166"/>
        <source>byte fallback: %1</source>
        <translation>字节回退：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="168"/>
        <source>inside a multi-byte character</source>
        <translation>位于多字节字符内部</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="170"/>
        <source>part of %1 written in the text, read as ordinary text</source>
        <translation>文本中写出的 %1 的一部分，按普通文本读取</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="173"/>
        <source>added by the tokenizer: no input characters</source>
        <translation>由分词器添加：不对应任何输入字符</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="175"/>
        <source>span is its whole word (alignment not traced)</source>
        <translation>范围为整个词（未能精确对齐）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="190"/>
        <source>ID %1 at position %2 is a special token (%3): it has no bytes.</source>
        <translation>位置 %2 的 ID %1 是特殊 token（%3）：它没有字节。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="198"/>
        <source>ID %1 at position %2 is outside the vocabulary (0–%3).</source>
        <translation>位置 %2 的 ID %1 超出词表范围（0–%3）。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="199"/>
        <source>ID %1 at position %2 is not in the vocabulary (IDs 0–%3, with gaps).</source>
        <translation>位置 %2 的 ID %1 不在词表中（ID 0–%3，中间有空缺）。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="209"/>
        <source>Invalid UTF-8 (policy: strict): %1. Nothing was decoded.</source>
        <translation>无效的 UTF-8（策略：strict）：%1。未解码任何内容。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="211"/>
        <source>Invalid UTF-8 (policy: raw): %1. Showing the raw bytes.</source>
        <translation>无效的 UTF-8（策略：raw）：%1。显示原始字节。</translation>
    </message>
    <message>
        <location filename="../../gui/encode/texts.py" line="213"/>
        <source>Invalid UTF-8 (policy: replace): %1. U+FFFD is a display fallback, not text these IDs encode.</source>
        <translation>无效的 UTF-8（策略：replace）：%1。U+FFFD 只是显示替代，并非这些 ID 编码的文本。</translation>
    </message>
</context>
<context>
    <name>ExerciseDialog</name>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="80"/>
        <source>Exercises (Chapter 19, §19.8)</source>
        <translation>习题（第 19 章，§19.8）</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="141"/>
        <source>Exercise %1</source>
        <translation>习题 %1</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="89"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="91"/>
        <source>Show the answer</source>
        <translation>显示答案</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="92"/>
        <source>Replay the lesson</source>
        <translation>重放对应课程</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="145"/>
        <source>(answer shown)</source>
        <translation>（已显示答案）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="147"/>
        <source>%n wrong tries</source>
        <translation>
            <numerusform>答错 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="160"/>
        <source>e.g. %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="179"/>
        <location filename="../../gui/lessons/exercises.py" line="205"/>
        <source>The core could not compute the answer: %1</source>
        <translation>核心无法算出答案：%1</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="184"/>
        <source>✔ Correct: the core computes %1.</source>
        <translation>✔ 正确：核心算出的结果是 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="189"/>
        <source>✘ Not quite, %n tries: the core computes %1.</source>
        <translation>
            <numerusform>✘ 还不对，已试 %n 次：核心算出的是 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="191"/>
        <source>✘ Not quite: the core computes %1.</source>
        <translation>✘ 还不对：核心算出的结果是 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/exercises.py" line="193"/>
        <source>✘ Not quite. Try again (%1 of %n tries used), or replay the lesson.</source>
        <translation>
            <numerusform>✘ 还不对。请再试一次（已用 %1 / %n 次），或重放本课。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="211"/>
        <source>The core computes %1.</source>
        <translation>核心算出的是 %1。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercises.py" line="219"/>
        <source>Reference (§19.9)</source>
        <translation>参考解答（§19.9）</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../gui/corpus/editor.py" line="54"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="56"/>
        <source>Word table (counted words)</source>
        <translation>词表格（已计数的词）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="57"/>
        <source>Raw records (one per line, exact)</source>
        <translation>原始记录（每行一条，原样）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="60"/>
        <source>Plain text</source>
        <translation>纯文本</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="61"/>
        <source>word&lt;TAB&gt;count lines</source>
        <translation>词&lt;TAB&gt;次数 行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="70"/>
        <source>Import as:</source>
        <translation>导入为：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="71"/>
        <source>File format:</source>
        <translation>文件格式：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/editor.py" line="72"/>
        <source>Pre-tokenization:</source>
        <translation>预分词：</translation>
    </message>
</context>
<context>
    <name>Interop</name>
    <message>
        <location filename="../../gui/assets/interop.py" line="32"/>
        <source>Hugging Face tokenizer.json</source>
        <translation>Hugging Face tokenizer.json</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="33"/>
        <source>tiktoken rank file</source>
        <translation>tiktoken 排名文件</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="34"/>
        <source>SentencePiece .model / .vocab</source>
        <translation>SentencePiece .model / .vocab</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="35"/>
        <source>BERT vocab.txt</source>
        <translation>BERT vocab.txt</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="36"/>
        <source>subword-nmt codes</source>
        <translation>subword-nmt 合并规则文件</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="37"/>
        <source>minbpe .model</source>
        <translation>minbpe .model</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="40"/>
        <source>Kept</source>
        <translation>已保留</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="41"/>
        <source>Not representable</source>
        <translation>无法表示</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="42"/>
        <source>Behaves differently</source>
        <translation>行为不同</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="44"/>
        <source>Tokenizer files (*.json *.model *.vocab *.tiktoken *.txt *.bpe *.codes);;All files (*)</source>
        <translation>分词器文件 (*.json *.model *.vocab *.tiktoken *.txt *.bpe *.codes);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="59"/>
        <location filename="../../gui/assets/interop.py" line="206"/>
        <location filename="../../gui/assets/interop.py" line="213"/>
        <location filename="../../gui/assets/interop.py" line="350"/>
        <source>Import tokenizer</source>
        <translation>导入分词器</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="65"/>
        <location filename="../../gui/assets/interop.py" line="239"/>
        <location filename="../../gui/assets/interop.py" line="266"/>
        <source>Export tokenizer</source>
        <translation>导出分词器</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="86"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/interop.py" line="115"/>
        <source>Imported %1 of %n file(s).</source>
        <translation>
            <numerusform>已导入 %1 个文件（共 %n 个）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="118"/>
        <source>Not imported</source>
        <translation>未导入</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="123"/>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="127"/>
        <source>exact</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="129"/>
        <source>not exact</source>
        <translation>不完全一致</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="147"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="149"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="155"/>
        <source>Exact: every ID and behaviour is kept.</source>
        <translation>精确：每个 ID 和行为都保留。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="157"/>
        <source>Not exact: see below.</source>
        <translation>不精确：见下文。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="207"/>
        <source>Which format is %1?</source>
        <translation>%1 是哪种格式？</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="214"/>
        <source>A rank file does not record its split pattern. Split with:</source>
        <translation>排名文件不记录其切分正则。切分方式：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="223"/>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="236"/>
        <source>Open or import a tokenizer asset first (the Assets tab lists them).</source>
        <translation>请先打开或导入分词器资产（“资产”标签页列出它们）。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="239"/>
        <source>Asset:</source>
        <translation>资产：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="250"/>
        <source>Checking which formats can hold %1…</source>
        <translation>正在检查哪些格式能容纳 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="260"/>
        <source>%1 cannot be written in any format:</source>
        <translation>%1 无法写成任何格式：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="262"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="264"/>
        <source>Not offered, because they cannot hold %1:</source>
        <translation>未提供以下格式，因为它们无法容纳 %1：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="297"/>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="307"/>
        <source>An import or export is still running.</source>
        <translation>导入或导出仍在进行中。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="342"/>
        <source>not recognised as a tokenizer file; use File → Import tokenizer… to choose its format</source>
        <translation>无法识别为分词器文件；请用“文件 → 导入分词器…”选择其格式</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="351"/>
        <source>Rank files do not record their split pattern. Split %1 and the other rank files with:</source>
        <translation>rank 文件不记录切分模式。%1 及其他 rank 文件用以下模式切分：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="354"/>
        <source>no split pattern chosen</source>
        <translation>未选择切分模式</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/assets/interop.py" line="372"/>
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>正在导入 %n 个文件…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LaneView</name>
    <message>
        <location filename="../../gui/compare/lanes.py" line="73"/>
        <source>Tokens of every tokenizer</source>
        <translation>每个分词器的 token</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/lanes.py" line="249"/>
        <source>%n tokenizer(s); Left and Right go through a lane&apos;s tokens, Up and Down to the next lane</source>
        <translation>
            <numerusform>%n 个分词器；左右方向键在一行的 token 间移动，上下方向键换到另一行</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="429"/>
        <source>%1 (%2): token %3 of %4</source>
        <translation>%1（%2）：第 %3 个 token，共 %4 个</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="430"/>
        <source>ID %1, stored as %2</source>
        <translation>ID %1，存储为 %2</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="432"/>
        <source>bytes %1–%2: %3</source>
        <translation>字节 %1–%2：%3</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="434"/>
        <source>characters %1–%2: %3</source>
        <translation>字符 %1–%2：%3</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="436"/>
        <source>a special token: it stands for no input bytes</source>
        <translation>特殊 token：不对应任何输入字节</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="437"/>
        <source>the unknown token: it stands for %1</source>
        <translation>未知 token：代表 %1</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="438"/>
        <source>a byte-fallback piece: one byte of a character the vocabulary lacks</source>
        <translation>字节回退片段：词表中缺少的字符的一个字节</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="439"/>
        <source>holds only part of a character (dashed border)</source>
        <translation>只含一个字符的一部分（虚线边框）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="440"/>
        <source>where this token is inside its word is not traced exactly</source>
        <translation>此 token 在所属词中的位置未被精确追踪</translation>
    </message>
    <message>
        <location filename="../../gui/compare/lanes.py" line="441"/>
        <source>inserted by the tokenizer: it stands for no input bytes</source>
        <translation>由分词器插入：不对应任何输入字节</translation>
    </message>
</context>
<context>
    <name>LessonDock</name>
    <message>
        <location filename="../../gui/lessons/player.py" line="358"/>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <location filename="../../gui/lessons/player.py" line="259"/>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="260"/>
        <location filename="../../gui/lessons/player.py" line="300"/>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="261"/>
        <source>End lesson</source>
        <translation>结束课程</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="262"/>
        <source>Stop the lesson; windows it arranged go back as they were</source>
        <translation>结束本课；课程排列过的窗口恢复原样</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="272"/>
        <source>No lesson yet: choose one from the Lessons menu.</source>
        <translation>尚未开始课程：请从“课程”菜单中选择一个。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="320"/>
        <source>Answer the prediction below: the view shows the result once you have.</source>
        <translation>先回答下面的预测题：回答之后，视图才显示结果。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="285"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="211"/>
        <source>The explanation of this step of the lesson</source>
        <translation>课程这一步的讲解</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="291"/>
        <source>Lesson finished.</source>
        <translation>本课结束。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="293"/>
        <source>Next: %1.</source>
        <translation>下一课：%1。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="300"/>
        <source>Next lesson ▶</source>
        <translation>下一课 ▶</translation>
    </message>
</context>
<context>
    <name>LessonPlayer</name>
    <message>
        <location filename="../../gui/lessons/player.py" line="70"/>
        <source>Start lesson</source>
        <translation>开始课程</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/player.py" line="71"/>
        <source>The workspace has unsaved changes. The lesson replaces its corpus and settings. Discard the changes?</source>
        <translation>工作区有未保存的更改。课程会替换它的语料和设置。要放弃这些更改吗？</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/shell/main_window.py" line="65"/>
        <location filename="../../gui/shell/main_window.py" line="269"/>
        <location filename="../../gui/shell/main_window.py" line="390"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="150"/>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="151"/>
        <source>Subword Studio lesson (*.toml);;All files (*)</source>
        <translation>Subword Studio 课程 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="164"/>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="175"/>
        <source>Export progress</source>
        <translation>导出学习进度</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="176"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="230"/>
        <source>Zoom: %1 %</source>
        <translation>缩放：%1 %</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="291"/>
        <location filename="../../gui/shell/main_window.py" line="298"/>
        <source>%1 no longer exists; it was removed from the recent files.</source>
        <translation>%1 已不存在，已从最近文件中移除。</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="378"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="380"/>
        <source>%1%2 — Subword Studio</source>
        <translation>%1%2 — 子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="396"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="397"/>
        <source>Subword Studio workspace (*.json);;All files (*)</source>
        <translation>子词工作室工作区 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="404"/>
        <location filename="../../gui/shell/main_window.py" line="477"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="443"/>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="444"/>
        <source>Subword Studio workspace (*.json)</source>
        <translation>子词工作室工作区 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="452"/>
        <source>the workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="471"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="472"/>
        <source>The last session ended with unsaved work (autosaved in %1). Restore it?</source>
        <translation>上次会话结束时有未保存的工作（已自动保存在 %1）。要恢复吗？</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="507"/>
        <source>Unsaved work</source>
        <translation>未保存的工作</translation>
    </message>
    <message>
        <location filename="../../gui/shell/main_window.py" line="508"/>
        <source>Not saved: %1. Save the workspace (unsaved tokenizers are saved in it)? If you quit without saving, the work stays in the autosave and is offered at the next start.</source>
        <translation>尚未保存：%1。要保存工作区吗（未保存的分词器会一并存入）？如果不保存就退出，这些工作会留在自动保存中，下次启动时提供恢复。</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../gui/shell/menus.py" line="70"/>
        <source>%1 (missing)</source>
        <translation>%1（文件缺失）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="72"/>
        <source>No recent files</source>
        <translation>没有最近文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="74"/>
        <source>&amp;Clear the list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="84"/>
        <source>%1 from %2 %3, %4</source>
        <translation>%1，来自 %2 %3，%4</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="88"/>
        <source>No built-in tokenizers</source>
        <translation>没有内置分词器</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="94"/>
        <source>Every view is at %1 %; this changes text, token chips, tables and plots together.</source>
        <translation>所有视图当前为 %1 %；此操作同时改变文字、token 方块、表格和图表的大小。</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="107"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="108"/>
        <source>&amp;Open workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="109"/>
        <source>&amp;Save workspace</source>
        <translation>保存工作区(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="110"/>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="112"/>
        <source>Recent &amp;workspaces</source>
        <translation>最近的工作区(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="115"/>
        <source>&amp;Import tokenizer…</source>
        <translation>导入分词器(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="116"/>
        <source>&amp;Export tokenizer…</source>
        <translation>导出分词器(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="118"/>
        <source>Recent &amp;tokenizers</source>
        <translation>最近的分词器(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="120"/>
        <source>&amp;Built-in tokenizers</source>
        <translation>内置分词器(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="122"/>
        <source>Open &amp;lesson…</source>
        <translation>打开课程(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="123"/>
        <source>Export &amp;progress as CSV…</source>
        <translation>将学习进度导出为 CSV(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="125"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="127"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="135"/>
        <source>&amp;Lesson panel</source>
        <translation>课程面板(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="137"/>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="143"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="146"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="148"/>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="152"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="159"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="161"/>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="161"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="161"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="169"/>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="174"/>
        <source>Lessons cannot be read: %1</source>
        <translation>无法读取课程：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="178"/>
        <source>&amp;Recent lessons</source>
        <translation>最近的课程(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="181"/>
        <source>&amp;Previous step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="183"/>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="185"/>
        <source>E&amp;nd lesson</source>
        <translation>结束课程(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="189"/>
        <source>&amp;Exercises (§19.8)…</source>
        <translation>习题（§19.8）(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="194"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="195"/>
        <source>&amp;Welcome page</source>
        <translation>欢迎页(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/menus.py" line="196"/>
        <source>&amp;About Subword Studio</source>
        <translation>关于 Subword Studio(&amp;A)</translation>
    </message>
</context>
<context>
    <name>MergeTimeline</name>
    <message>
        <location filename="../../gui/timeline/widget.py" line="109"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="110"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="111"/>
        <source>Retrain on every change</source>
        <translation>每次更改后重新训练</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="118"/>
        <source>◀ Step back</source>
        <translation>◀ 后退一步</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="119"/>
        <location filename="../../gui/timeline/widget.py" line="676"/>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="121"/>
        <source>Step forward ▶</source>
        <translation>前进一步 ▶</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="125"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="146"/>
        <source>Follow the selected step</source>
        <translation>跟随所选步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="148"/>
        <source>The sample text is encoded with as many merges as the step selected above; untick to choose the number of merges with the slider.</source>
        <translation>示例文本按上方所选步骤的合并次数编码；取消勾选后可用滑块自选合并次数。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="154"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="156"/>
        <source>Add to assets</source>
        <translation>添加到资产</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="157"/>
        <source>Add the trained model shown here to the Assets tab, with its training data; File → Export tokenizer then writes it as a tokenizer.json and in every other format that can hold it.</source>
        <translation>把这里显示的已训练模型连同其训练数据添加到“资产”标签页；之后“文件 → 导出分词器”可将其写成 tokenizer.json 以及其他任何能容纳它的格式。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="188"/>
        <source>Algorithm:</source>
        <translation>算法：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="101"/>
        <source>Merges:</source>
        <translation>合并次数：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="174"/>
        <source>Tie policy:</source>
        <translation>并列规则：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="182"/>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="208"/>
        <source>Selected step</source>
        <translation>所选步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="209"/>
        <source>Plots</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="218"/>
        <source>Sample text:</source>
        <translation>示例文本：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="335"/>
        <source>This pane shows character BPE&apos;s pair table and segmentation. For %1, every step is a row of the table on the left (select one to step through it), and the Plots tab follows it.</source>
        <translation>此窗格显示字符级 BPE 的字符对表和切分。对于 %1，每一步是左侧表格中的一行（选中一行即可逐步查看），“图表”标签页会随之更新。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="395"/>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="419"/>
        <source>Training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="424"/>
        <source>Training cancelled; the previous result is kept.</source>
        <translation>训练已取消；保留之前的结果。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="433"/>
        <source>The result is out of date: train again.</source>
        <translation>结果已过期：请重新训练。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="447"/>
        <location filename="../../gui/timeline/widget.py" line="524"/>
        <location filename="../../gui/timeline/widget.py" line="528"/>
        <source>record</source>
        <translation>记录</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="447"/>
        <location filename="../../gui/timeline/widget.py" line="527"/>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="588"/>
        <source>(The comparison was trained on an older corpus.)</source>
        <translation>（对比结果是在较旧的语料上训练的。）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="611"/>
        <source>Step %1 of %2 · vocabulary %3</source>
        <translation>第 %1/%2 步 · 词表 %3</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="102"/>
        <source>Vocabulary size:</source>
        <translation>词表大小：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="106"/>
        <source>WordPiece and Unigram train to this many vocabulary entries, [UNK] or &lt;unk&gt; included.</source>
        <translation>WordPiece 和 Unigram 训练到这么多词表条目（含 [UNK] 或 &lt;unk&gt;）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="577"/>
        <source>%1 and %2 give the same %n merge(s).</source>
        <translation>
            <numerusform>%1 与 %2 给出相同的 %n 次合并。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="582"/>
        <source>The timelines agree on %n merge(s) and diverge at merge %2: %3 picks %4, %5 picks %6.</source>
        <translation>
            <numerusform>两条时间线的前 %n 次合并一致，在第 %2 次合并处分歧：%3 选择 %4，%5 选择 %6。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/widget.py" line="615"/>
        <source>Segmentation after %n merge(s); shaded rows changed at this step.</source>
        <translation>
            <numerusform>%n 次合并后的切分；阴影行在这一步发生了变化。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="629"/>
        <source>Counting pairs before merge %1…</source>
        <translation>正在统计第 %1 次合并之前的相邻对…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="655"/>
        <source>No pairs are left before merge %1.</source>
        <translation>第 %1 次合并之前已没有相邻对。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="658"/>
        <source>After the last merge, the next would be %1 (count %2).</source>
        <translation>最后一次合并之后，下一个将是 %1（次数 %2）。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="660"/>
        <source>Merge %3: %1 wins with count %2.</source>
        <translation>第 %3 次合并：%1 以次数 %2 胜出。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="662"/>
        <source>%4 pairs tie at that count; the %5 rule picks %6.</source>
        <translation>%4 个相邻对在该次数上并列；%5 规则选择%6。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="664"/>
        <source>No other pair has that count, so the %5 rule is not needed.</source>
        <translation>没有其他相邻对具有该次数，因此无需 %5 规则。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="670"/>
        <source>Warning: the trace recorded %1.</source>
        <translation>警告：过程中记录的是 %1。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="676"/>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="769"/>
        <source>Added %1 to the assets (the Assets tab lists it; File → Export tokenizer writes it for other libraries).</source>
        <translation>已将 %1 添加到资产（“资产”标签页列出它；“文件 → 导出分词器”可将其写成其他库的格式）。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="733"/>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="733"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/widget.py" line="738"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <location filename="../../gui/pipeline/view.py" line="70"/>
        <source>none, or e.g. &lt;BOS&gt; $A &lt;EOS&gt;</source>
        <translation>无，或例如 &lt;BOS&gt; $A &lt;EOS&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="72"/>
        <source>Text to run through the pipeline</source>
        <translation>要经过流水线处理的文本</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="78"/>
        <source>Merges used</source>
        <translation>使用的合并次数</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="86"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="103"/>
        <source>Tokenizer:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="104"/>
        <source>Post-processing template:</source>
        <translation>后处理模板：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="106"/>
        <source>Use only the first k merges:</source>
        <translation>只使用前 k 次合并：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="125"/>
        <source>Stages</source>
        <translation>各阶段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="126"/>
        <source>Base-byte IDs</source>
        <translation>基础字节 ID</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="171"/>
        <source>Encode panel: %1</source>
        <translation>编码面板：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="177"/>
        <source>Trained: %1</source>
        <translation>训练所得：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="238"/>
        <source>this model has no merges</source>
        <translation>此模型没有合并</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pipeline/view.py" line="240"/>
        <source>all %n merge(s)</source>
        <translation>
            <numerusform>全部 %n 次合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pipeline/view.py" line="242"/>
        <source>of %n merge(s)</source>
        <translation>
            <numerusform>/ 共 %n 次合并</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="252"/>
        <source>Raw byte order: byte b has ID %1 + b, as in this project&apos;s byte-level BPE and in minbpe.</source>
        <translation>原始字节顺序：字节 b 的 ID 为 %1 + b，与本项目的字节级 BPE 和 minbpe 相同。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="255"/>
        <source>GPT-2&apos;s printable-first order (tiktoken, HF ByteLevel): the 188 printable bytes come first, spelled as themselves, then the other 68, spelled from U+0100 on. A space is %1, ID %2.</source>
        <translation>GPT-2 的“可打印优先”顺序（tiktoken、HF ByteLevel）：188 个可打印字节排在前面，写作其本身；其余 68 个随后，从 U+0100 起书写。空格写作 %1，ID 为 %2。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="259"/>
        <source>SentencePiece byte pieces &lt;0x00&gt;…&lt;0xFF&gt; at IDs %1–%2, after the meta pieces %3.</source>
        <translation>SentencePiece 字节片段 &lt;0x00&gt;…&lt;0xFF&gt; 位于 ID %1–%2，排在元片段 %3 之后。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="263"/>
        <source>Every byte has a token, in an order that is neither raw nor GPT-2&apos;s.</source>
        <translation>每个字节都有 token，但顺序既不是原始顺序也不是 GPT-2 的顺序。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="266"/>
        <source>Only %1 of the 256 bytes have a token.</source>
        <translation>256 个字节中只有 %1 个有 token。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="267"/>
        <source>No byte tokens: this tokenizer works on characters.</source>
        <translation>没有字节 token：此分词器以字符为单位工作。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="296"/>
        <source>Running the stages…</source>
        <translation>正在运行各阶段…</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="300"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="323"/>
        <source>Cannot run the stages: %1</source>
        <translation>无法运行各阶段：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="344"/>
        <source>Round trip: decoding gives back the input exactly.</source>
        <translation>往返：解码结果与输入完全一致。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="345"/>
        <source>characters %1</source>
        <translation>字符 %1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="350"/>
        <source>Round trip: decoding gives back the normalized input, not the input: %1</source>
        <translation>往返：解码得到的是规范化后的输入，而不是原始输入：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="352"/>
        <source>Lossy: decoding loses %1</source>
        <translation>有损：解码丢失了 %1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="407"/>
        <source>Selected: characters %1, bytes %2: %3</source>
        <translation>已选：字符 %1，字节 %2：%3</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/view.py" line="419"/>
        <source>Select a piece, or text in the input, to see where it came from.</source>
        <translation>选择一个片段或输入中的文字，查看它来自哪里。</translation>
    </message>
</context>
<context>
    <name>QuestionBox</name>
    <message>
        <location filename="../../gui/lessons/questions.py" line="57"/>
        <source>e.g. %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="65"/>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="66"/>
        <source>Show the answer</source>
        <translation>显示答案</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="95"/>
        <source>Predict first</source>
        <translation>先预测</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="95"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="128"/>
        <source>Cannot read that answer: %1</source>
        <translation>无法读取这个答案：%1</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="144"/>
        <source>The core is working it out…</source>
        <translation>核心正在计算…</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="156"/>
        <source>The core could not compute the answer: %1</source>
        <translation>核心无法算出答案：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/lessons/questions.py" line="171"/>
        <source>✘ Not quite (%n tries). Try again, or show the answer.</source>
        <translation>
            <numerusform>✘ 不太对（已尝试 %n 次）。再试一次，或者显示答案。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="183"/>
        <source>✔ Right: the core computes %1.</source>
        <translation>✔ 正确：核心算出的是 %1。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/questions.py" line="183"/>
        <source>The core computes %1.</source>
        <translation>核心算出的是 %1。</translation>
    </message>
</context>
<context>
    <name>ReportWindow</name>
    <message>
        <location filename="../../gui/assets/interop.py" line="99"/>
        <source>Conversion report</source>
        <translation>转换报告</translation>
    </message>
    <message>
        <location filename="../../gui/assets/interop.py" line="99"/>
        <source>Import summary</source>
        <translation>导入摘要</translation>
    </message>
</context>
<context>
    <name>SamplingTab</name>
    <message numerus="yes">
        <location filename="../../gui/compare/sampling.py" line="150"/>
        <source>%n draw(s)</source>
        <translation>
            <numerusform>抽取 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/sampling.py" line="151"/>
        <source>%n distinct segmentation(s)</source>
        <translation>
            <numerusform>%n 种不同切分</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/compare/sampling.py" line="151"/>
        <source>(alpha %1, seed %2)</source>
        <translation>（alpha %1，种子 %2）</translation>
    </message>
</context>
<context>
    <name>Serving</name>
    <message>
        <location filename="../../gui/shell/serving.py" line="184"/>
        <location filename="../../gui/shell/serving.py" line="192"/>
        <source>reference</source>
        <translation>参考实现</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="192"/>
        <source>checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="194"/>
        <source>reference (the native engines could not be set up)</source>
        <translation>参考实现（无法准备原生引擎）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="197"/>
        <source>%1 (%2 is pinned but cannot serve this tokenizer)</source>
        <translation>%1（已固定 %2，但它无法服务此分词器）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="200"/>
        <source>reference (pinned)</source>
        <translation>参考实现（已固定）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="201"/>
        <source>%1 (checked exact)</source>
        <translation>%1（已核验一致）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="206"/>
        <source>Engine: %1</source>
        <translation>引擎：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="212"/>
        <source>The classroom tokenizer and the models trained here are encoded by the reference, the implementation the views explain.</source>
        <translation>课堂分词器和在这里训练的模型由参考实现编码，也就是各视图所讲解的实现。</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="215"/>
        <source>The native engines could not be set up: %1</source>
        <translation>无法准备原生引擎：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="216"/>
        <source>Token IDs come from the engine named; the whole encoding (spans, words, flags) is the reference&apos;s, field by field.</source>
        <translation>token ID 来自所列引擎；完整编码（跨度、词、标记）逐字段与参考实现一致。</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="235"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="236"/>
        <source>The first native engine checked exact for this tokenizer, else the reference</source>
        <translation>第一个已核验与此分词器一致的原生引擎，否则用参考实现</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="238"/>
        <source>Our Python: the implementation the views explain</source>
        <translation>本程序的 Python 实现：各视图所讲解的实现</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="244"/>
        <source>Only an open tokenizer asset is served by the native engines</source>
        <translation>只有已打开的分词器资产才由原生引擎服务</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="245"/>
        <source>Not known yet</source>
        <translation>尚不清楚</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="250"/>
        <source>Checked exact: %1</source>
        <translation>已核验一致：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="252"/>
        <source>Not checked yet: the probes run when it is chosen (a few seconds)</source>
        <translation>尚未核验：选用时运行探针文本（需几秒）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="254"/>
        <source>Demoted: it gives other IDs than the reference (%1)</source>
        <translation>已降级：它给出的 ID 与参考实现不同（%1）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="256"/>
        <source>The %1 library is not installed</source>
        <translation>未安装 %1 库</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="258"/>
        <source>Cannot hold this tokenizer exactly: %1</source>
        <translation>无法精确表示此分词器：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="283"/>
        <source>The %1 engine (%2) failed on probe %3 for %4 and is not used for it: %5</source>
        <translation>%1 引擎（%2）在 %4 的第 %3 个探针上出错，不再用于它：%5</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="286"/>
        <source>The %1 engine (%2) gives other IDs than the reference for %3 and is not used for it: probe %4 differs at token %5</source>
        <translation>%1 引擎（%2）对 %3 给出的 ID 与参考实现不同，不再用于它：第 %4 个探针在第 %5 个 token 处不同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/serving.py" line="289"/>
        <source>The %1 engine (%2) gives other IDs than the reference for %3 and is not used for it: probe %4 (%5) differs at token %6: reference %7, engine %8</source>
        <translation>%1 引擎（%2）对 %3 给出的 ID 与参考实现不同，不再用于它：第 %4 个探针（%5）在第 %6 个 token 处不同：参考实现 %7，引擎 %8</translation>
    </message>
</context>
<context>
    <name>SideBySide</name>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="73"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="76"/>
        <source>Tokenizers to compare, with their figures</source>
        <translation>要对比的分词器及其数据</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="77"/>
        <source>Each ticked tokenizer&apos;s tokens, lined up at the boundaries they share</source>
        <translation>每个已勾选分词器的 token，按它们共有的边界对齐</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="81"/>
        <source>Baseline:</source>
        <translation>基准：</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="185"/>
        <source>Tick one or more tokenizers in the table above to compare them.</source>
        <translation>在上方表格中勾选一个或多个分词器进行对比。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="188"/>
        <source>Type or paste a text above to see how each tokenizer cuts it.</source>
        <translation>在上方输入或粘贴文本，查看每个分词器如何切分它。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="204"/>
        <source>Setting up the engines of %n tokenizer(s)…</source>
        <translation>
            <numerusform>正在为 %n 个分词器准备引擎…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="207"/>
        <source>Encoding %n character(s)</source>
        <translation>
            <numerusform>正在编码 %n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="208"/>
        <source>with %n tokenizer(s)…</source>
        <translation>
            <numerusform>（%n 个分词器）…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="233"/>
        <source>Encoding %n character(s)…</source>
        <translation>
            <numerusform>正在编码 %n 个字符…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="234"/>
        <source>%1 of %n tokenizer(s) done</source>
        <translation>
            <numerusform>已完成 %1/%n 个分词器</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="269"/>
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="270"/>
        <source>%n UTF-8 byte(s)</source>
        <translation>
            <numerusform>%n 个 UTF-8 字节</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/compare/side_by_side.py" line="271"/>
        <source>▼ marks the %n token boundaries all %1 share</source>
        <translation>
            <numerusform>▼ 标出全部 %1 个分词器共有的 %n 个 token 边界</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="226"/>
        <source>Cancelled: the lanes show the last text compared.</source>
        <translation>已取消：下方显示的是上一次对比的文本。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="240"/>
        <source>Cannot compare: %1</source>
        <translation>无法对比：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="268"/>
        <source>No ticked tokenizer could encode this text: the table says why.</source>
        <translation>已勾选的分词器都无法编码此文本：原因见表格。</translation>
    </message>
    <message>
        <location filename="../../gui/compare/side_by_side.py" line="274"/>
        <source>%1 could not encode it (see the table)</source>
        <translation>%1 个无法编码（见表格）</translation>
    </message>
</context>
<context>
    <name>StagesModel</name>
    <message numerus="yes">
        <location filename="../../gui/pipeline/models.py" line="97"/>
        <source>all %n merge(s)</source>
        <translation>
            <numerusform>全部 %n 次合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pipeline/models.py" line="98"/>
        <source>first %1 of %n merge(s)</source>
        <translation>
            <numerusform>前 %1 次合并（共 %n 次）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SwapDialog</name>
    <message>
        <location filename="../../gui/assets/manager.py" line="60"/>
        <source>Make a deliberately broken copy</source>
        <translation>制作故意损坏的副本</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="69"/>
        <source>The copy keeps its size and merges, so every shape check still passes; only what the two IDs mean changes.</source>
        <translation>副本保留原有大小和合并，因此所有形状检查仍会通过；只有这两个 ID 的含义改变。</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="73"/>
        <source>First ID:</source>
        <translation>第一个 ID：</translation>
    </message>
    <message>
        <location filename="../../gui/assets/manager.py" line="74"/>
        <source>Second ID:</source>
        <translation>第二个 ID：</translation>
    </message>
</context>
<context>
    <name>TimelineAlgorithm</name>
    <message>
        <location filename="../../gui/timeline/strategy.py" line="86"/>
        <source>Step %1 of %2 · vocabulary %3</source>
        <translation>第 %1/%2 步 · 词表 %3</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/strategy.py" line="92"/>
        <source>Training: merge %1</source>
        <translation>训练中：第 %1 次合并</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="98"/>
        <source>Use only the first %n merge(s):</source>
        <translation>
            <numerusform>仅使用前 %n 次合并：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="101"/>
        <source>with %n merge(s)</source>
        <translation>
            <numerusform>使用 %n 次合并</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/strategy.py" line="105"/>
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/strategy.py" line="104"/>
        <source>(%1 with all %2)</source>
        <translation>（全部 %2 时为 %1 个）</translation>
    </message>
</context>
<context>
    <name>TimelinePlots</name>
    <message>
        <location filename="../../gui/timeline/plots.py" line="113"/>
        <location filename="../../gui/timeline/plots.py" line="161"/>
        <source>merge step</source>
        <translation>合并步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="113"/>
        <location filename="../../gui/timeline/plots.py" line="166"/>
        <source>winning pair count</source>
        <translation>胜出相邻对的次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="120"/>
        <source>vocabulary size V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="120"/>
        <source>total corpus tokens</source>
        <translation>语料 token 总数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="127"/>
        <source>average sequence length (tokens)</source>
        <translation>平均序列长度（token）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="127"/>
        <source>parameters 2·V·C</source>
        <translation>参数量 2·V·C</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="70"/>
        <location filename="../../gui/timeline/plots.py" line="160"/>
        <source>Winning count</source>
        <translation>胜出次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="71"/>
        <source>Compression</source>
        <translation>压缩</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="72"/>
        <source>Parameter cost</source>
        <translation>参数开销</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="79"/>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="80"/>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="81"/>
        <source>Data CSV…</source>
        <translation>数据 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="85"/>
        <source>Model width:</source>
        <translation>模型宽度：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="87"/>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="160"/>
        <source>Log-likelihood</source>
        <translation>对数似然</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="161"/>
        <source>pruning round</source>
        <translation>剪枝轮次</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="161"/>
        <source>WordPiece step</source>
        <translation>WordPiece 步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="166"/>
        <source>corpus log-likelihood</source>
        <translation>语料对数似然</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="192"/>
        <source>average sequence length (tokens per %1)</source>
        <translation>平均序列长度（每个%1的 token 数）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="232"/>
        <source>Row %1: V %2, 2×%2×%3 = %4 weights; average length %5 tokens per %6.</source>
        <translation>第 %1 行：V %2，2×%2×%3 = %4 个权重；平均长度为每个%6 %5 个 token。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/plots.py" line="238"/>
        <source>After %n step(s):</source>
        <translation>
            <numerusform>%n 步后：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/plots.py" line="239"/>
        <source>After %n merge(s):</source>
        <translation>
            <numerusform>%n 次合并后：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="241"/>
        <source>V %2 → %3 adds 2×%4×%5 = %6 weights; average length %7 → %8 tokens per %9.</source>
        <translation>V %2 → %3 增加 2×%4×%5 = %6 个权重；平均长度 %7 → 每个%9 %8 个 token。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="273"/>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="278"/>
        <source>Export plot data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/plots.py" line="287"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="139"/>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="452"/>
        <source>Token %1 of %2: %3, ID %4, bytes %5</source>
        <translation>第 %1 个 token（共 %2 个）：%3，ID %4，字节 %5</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/widgets/token_strip.py" line="463"/>
        <source>%n token(s); the arrow keys go from one to the next</source>
        <translation>
            <numerusform>%n 个 token；方向键逐个移动</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="465"/>
        <source>No tokens</source>
        <translation>没有 token</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="478"/>
        <source>Special token %1 (ID %2): it stands for no bytes of the text.</source>
        <translation>特殊 token %1（ID %2）：它不代表文本中的任何字节。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="481"/>
        <source>ID %1 is not in this tokenizer&apos;s vocabulary.</source>
        <translation>ID %1 不在此分词器的词表中。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="483"/>
        <source>Byte-fallback piece %1 (ID %2): the vocabulary has no piece for %3, so it is spelled byte by byte; this piece is %4.</source>
        <translation>字节回退片段 %1（ID %2）：词表中没有 %3 的片段，因此逐字节拼写；此片段是 %4。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="487"/>
        <source>Ordinary text that spells the special token %1: read as text, not as the control token (“Read specials in the text” reads it as the special).</source>
        <translation>拼出特殊 token %1 的普通文本：按文本读取，而不是控制 token（勾选“读取文本中的特殊 token”则按特殊 token 读取）。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="491"/>
        <source>This token holds only part of %1: a character&apos;s bytes are split over several tokens.</source>
        <translation>此 token 只包含 %1 的一部分：一个字符的字节被分到了多个 token 中。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="494"/>
        <source>This token holds only part of a multi-byte character.</source>
        <translation>此 token 只包含一个多字节字符的一部分。</translation>
    </message>
    <message>
        <location filename="../../gui/widgets/token_strip.py" line="496"/>
        <source>Unknown token %1 (ID %2): the vocabulary cannot spell %3, so this token stands for it.</source>
        <translation>未知 token %1（ID %2）：词表无法拼出 %3，因此由此 token 代替。</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <location filename="../../gui/encode/table.py" line="12"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="13"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="14"/>
        <source>Stored as</source>
        <translation>存储形式</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="15"/>
        <source>Reads as</source>
        <translation>读作</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="16"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="17"/>
        <source>Byte span</source>
        <translation>字节范围</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="18"/>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="19"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="24"/>
        <source>The token as the vocabulary stores it (invisible characters escaped)</source>
        <translation>词表中存储的 token（不可见字符已转义）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="25"/>
        <source>The text the token stands for, whitespace made visible</source>
        <translation>token 所代表的文本，空白字符显示为可见符号</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="26"/>
        <source>The token&apos;s bytes in hex (none for a special token)</source>
        <translation>token 的字节（十六进制；特殊 token 没有字节）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="27"/>
        <source>UTF-8 bytes of the input the token covers, start–end</source>
        <translation>token 覆盖的输入 UTF-8 字节，起–止</translation>
    </message>
    <message>
        <location filename="../../gui/encode/table.py" line="28"/>
        <source>Characters (code points) of the input the token covers, start–end</source>
        <translation>token 覆盖的输入字符（码点），起–止</translation>
    </message>
</context>
<context>
    <name>TokenizerChooser</name>
    <message>
        <location filename="../../gui/encode/chooser.py" line="95"/>
        <source>%1 (built-in)</source>
        <translation>%1（内置）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/chooser.py" line="97"/>
        <source>%1 (built-in, loading…)</source>
        <translation>%1（内置，加载中…）</translation>
    </message>
    <message>
        <location filename="../../gui/encode/chooser.py" line="99"/>
        <source>%1 from %2 %3, %4; loaded when picked</source>
        <translation>%1，来自 %2 %3，%4；选中时加载</translation>
    </message>
    <message>
        <location filename="../../gui/encode/chooser.py" line="130"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/encode/chooser.py" line="150"/>
        <source>Built-in tokenizer</source>
        <translation>内置分词器</translation>
    </message>
</context>
<context>
    <name>TokenizerListModel</name>
    <message>
        <location filename="../../gui/compare/picker.py" line="139"/>
        <source>baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="186"/>
        <source>%1 — key %2</source>
        <translation>%1 — 键 %2</translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message>
        <location filename="../../gui/trace/panel.py" line="79"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="93"/>
        <source>Merges:</source>
        <translation>合并次数：</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="94"/>
        <source>Tie policy:</source>
        <translation>并列规则：</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="141"/>
        <source>Result is out of date: train again.</source>
        <translation>结果已过期：请重新训练。</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="159"/>
        <source>Segmentation after step %1 (vocab %2)</source>
        <translation>第 %1 步之后的切分（词表 %2 项）</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="166"/>
        <source>Counting pairs before merge %1…</source>
        <translation>正在统计第 %1 次合并之前的相邻对…</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="190"/>
        <source>Pair counts after the last merge</source>
        <translation>最后一次合并之后的相邻对计数</translation>
    </message>
    <message>
        <location filename="../../gui/trace/panel.py" line="192"/>
        <source>Pair counts before merge %1 (winner %2, %3 rule)</source>
        <translation>第 %1 次合并之前的相邻对计数（胜出 %2，%3 规则）</translation>
    </message>
</context>
<context>
    <name>TrainedTexts</name>
    <message>
        <location filename="../../gui/assets/trained.py" line="33"/>
        <source>trained %1</source>
        <translation>已训练的 %1</translation>
    </message>
</context>
<context>
    <name>UnigramTimeline</name>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="171"/>
        <source>Final model · vocabulary %1</source>
        <translation>最终模型 · 词表 %1</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="172"/>
        <source>Round %1 of %2 · vocabulary %3</source>
        <translation>第 %1 轮（共 %2 轮）· 词表 %3</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="176"/>
        <source>Training: pruning round %1</source>
        <translation>训练中：第 %1 轮剪枝</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="180"/>
        <source>Trained %n pruning round(s) (vocabulary %1): %2.</source>
        <translation>
            <numerusform>已训练 %n 轮剪枝（词表 %1）：%2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="185"/>
        <source>%n word(s) over %1 bytes left out, as SentencePiece leaves out long sentences.</source>
        <translation>
            <numerusform>有 %n 个词超过 %1 字节，未参与训练（与 SentencePiece 跳过过长句子的做法相同）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="192"/>
        <source>Use the final model:</source>
        <translation>使用最终模型：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="193"/>
        <source>Use the model after pruning round %1:</source>
        <translation>使用第 %1 轮剪枝后的模型：</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="197"/>
        <source>%n token(s) with the final model</source>
        <translation>
            <numerusform>最终模型得到 %n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/unigram.py" line="198"/>
        <source>%n token(s) after this round</source>
        <translation>
            <numerusform>本轮之后 %n 个 token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="199"/>
        <source>(%1 with the final model)</source>
        <translation>（最终模型为 %1 个）</translation>
    </message>
</context>
<context>
    <name>ViewTabs</name>
    <message>
        <location filename="../../gui/shell/windows/tabs.py" line="70"/>
        <location filename="../../gui/shell/windows/tabs.py" line="94"/>
        <source>Detach into a window of its own</source>
        <translation>分离到独立窗口</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/tabs.py" line="97"/>
        <source>Open another in a new window</source>
        <translation>在新窗口中再打开一个</translation>
    </message>
</context>
<context>
    <name>ViewWindow</name>
    <message>
        <location filename="../../gui/shell/windows/view_window.py" line="49"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Views</name>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="48"/>
        <source>Merge trace</source>
        <translation>合并过程</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="49"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="50"/>
        <source>Merge timeline</source>
        <translation>合并时间线</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="52"/>
        <source>Encode / decode</source>
        <translation>编码 / 解码</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="54"/>
        <source>Assets</source>
        <translation>资产</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="55"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="56"/>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="57"/>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/views.py" line="59"/>
        <source>Lesson panel</source>
        <translation>课程面板</translation>
    </message>
</context>
<context>
    <name>VocabEdit</name>
    <message>
        <location filename="../../gui/vocab/edit_command.py" line="18"/>
        <source>Add edited tokenizer %1</source>
        <translation>添加编辑后的分词器 %1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="18"/>
        <source>asked</source>
        <translation>按要求</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="19"/>
        <source>became unreachable</source>
        <translation>变得不可达</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="20"/>
        <source>shrunk away</source>
        <translation>缩减时移除</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="21"/>
        <source>reserved</source>
        <translation>已改名</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="32"/>
        <source>Size: %1 → %2 IDs.</source>
        <translation>大小：%1 → %2 个 ID。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="33"/>
        <source>New: %1, removed: %2, renamed: %3, unreachable: %4.</source>
        <translation>新增 %1，移除 %2，改名 %3，不可达 %4。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="36"/>
        <source>Sample texts whose IDs change: %1 of %2.</source>
        <translation>ID 变化的样例文本：%2 条中 %1 条。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="37"/>
        <source>No sample text to encode.</source>
        <translation>没有可编码的样例文本。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="39"/>
        <source>%1 %2 %3</source>
        <translation>%1%2%3</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="49"/>
        <location filename="../../gui/vocab/edit_texts.py" line="72"/>
        <source>ID %1  %2</source>
        <translation>ID %1  %2</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="51"/>
        <source>(special)</source>
        <translation>（特殊）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="53"/>
        <source>(builds %1)</source>
        <translation>（用于构成 %1）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="56"/>
        <source>— not reachable: %1</source>
        <translation>— 不可达：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="62"/>
        <source>ID %1  %2  (%3)</source>
        <translation>ID %1  %2（%3）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="67"/>
        <source>ID %1  %2 → %3</source>
        <translation>ID %1  %2 → %3</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="82"/>
        <source>old IDs:</source>
        <translation>旧 ID：</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/edit_texts.py" line="83"/>
        <source>new IDs:</source>
        <translation>新 ID：</translation>
    </message>
</context>
<context>
    <name>VocabTableModel</name>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="12"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="13"/>
        <source>Stored as</source>
        <translation>存储形式</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="14"/>
        <source>Reads as</source>
        <translation>读作</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="15"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="16"/>
        <source>Bytes #</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="17"/>
        <source>Chars #</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="18"/>
        <source>Script</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="19"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/table_model.py" line="20"/>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
</context>
<context>
    <name>VocabTexts</name>
    <message>
        <location filename="../../gui/vocab/texts.py" line="11"/>
        <location filename="../../gui/vocab/texts.py" line="70"/>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="12"/>
        <location filename="../../gui/vocab/texts.py" line="71"/>
        <source>byte piece</source>
        <translation>字节片</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="13"/>
        <source>partial UTF-8</source>
        <translation>不完整 UTF-8</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="14"/>
        <source>continuation</source>
        <translation>延续</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="15"/>
        <source>never emitted</source>
        <translation>从不输出</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="16"/>
        <source>no merge path</source>
        <translation>无合并路径</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="17"/>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="42"/>
        <source>Starts a word</source>
        <translation>词首</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="42"/>
        <source>Continues a word (## prefix)</source>
        <translation>词的延续（## 前缀）</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="44"/>
        <source>Score: %1</source>
        <translation>得分：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="44"/>
        <source>Type: %1</source>
        <translation>类型：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="46"/>
        <source>Rank by score: %1</source>
        <translation>按得分排名：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/vocab/texts.py" line="53"/>
        <source>%n token(s) checked. Never emitted for their own text: %2; partial UTF-8: %3; with no merge path: %4; duplicates up to case and leading space: %5.</source>
        <translation>
            <numerusform>已检查 %n 个 token。对其自身文本从不输出：%2；不完整 UTF-8：%3；没有合并路径：%4；忽略大小写和前导空格后重复：%5。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="58"/>
        <source>Not checked for reachability: %1</source>
        <translation>未检查可达性：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="61"/>
        <source>%1 (ID %2) encodes as %3</source>
        <translation>%1（ID %2）编码为 %3</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="63"/>
        <source>Tokens per script: %1</source>
        <translation>各文字的 token 数：%1</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="72"/>
        <source>added or unknown token</source>
        <translation>添加的 token 或未知 token</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="73"/>
        <source>partial UTF-8: no text of its own</source>
        <translation>不完整的 UTF-8：本身不是文本</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="74"/>
        <source>a base symbol</source>
        <translation>基础符号</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="75"/>
        <source>not a normal piece</source>
        <translation>不是普通片段</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="76"/>
        <source>a continuation: always the longest match somewhere</source>
        <translation>续接片段：总是某处的最长匹配</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/texts.py" line="78"/>
        <source>this kind has no reachability check</source>
        <translation>此类分词器没有可达性检查</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="370"/>
        <source>%1 ← %2 + %3  [ID %4, merge %5]</source>
        <translation>%1 ← %2 + %3  [ID %4，合并 %5]</translation>
    </message>
</context>
<context>
    <name>VocabView</name>
    <message>
        <location filename="../../gui/vocab/view.py" line="52"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="53"/>
        <source>Regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="54"/>
        <source>IDs, e.g. 100-200</source>
        <translation>ID，如 100-200</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="55"/>
        <source>Bytes, e.g. e4 b8</source>
        <translation>字节，如 e4 b8</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="57"/>
        <source>Script</source>
        <translation>文字</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="59"/>
        <source>Flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="60"/>
        <source>Any flag</source>
        <translation>任意标记</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="63"/>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="64"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="66"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="83"/>
        <source>Derivation</source>
        <translation>构成</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="85"/>
        <source>Run the audit to find tokens that can never appear.</source>
        <translation>运行审计以找出永远不会出现的 token。</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="92"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="103"/>
        <source>Derivation and audit</source>
        <translation>构成与审计</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="105"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="216"/>
        <source>Any script</source>
        <translation>任意文字</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/vocab/view.py" line="302"/>
        <source>%1 of %n token(s) shown</source>
        <translation>
            <numerusform>显示 %n 个 token 中的 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/vocab/view.py" line="334"/>
        <source>Export vocabulary</source>
        <translation>导出词表</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <location filename="../../gui/shell/welcome.py" line="29"/>
        <source>Welcome to Subword Studio</source>
        <translation>欢迎使用 Subword Studio</translation>
    </message>
    <message>
        <location filename="../../gui/shell/welcome.py" line="31"/>
        <source>&lt;h3&gt;Subword Studio&lt;/h3&gt;&lt;p&gt;A workbench to learn, inspect and compare subword tokenizers, offline: train BPE on a few words and watch every merge, encode any text with the tokenizers of GPT-2, GPT-4, GPT-4o, BERT, Mistral and SentencePiece side by side, and see why a model cannot count the r&apos;s in strawberry.&lt;/p&gt;&lt;p&gt;The Lessons menu walks through both, step by step, with questions the app checks against the real tokenizers. File → Open lesson opens a lesson a teacher wrote.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Subword Studio&lt;/h3&gt;&lt;p&gt;一个离线学习、检查和比较子词分词器的工作台：用几个词训练 BPE，看清每一次合并；把任意文本交给 GPT-2、GPT-4、GPT-4o、BERT、Mistral 和 SentencePiece 的分词器，并排比较；看明白模型为什么数不清 strawberry 里有几个 r。&lt;/p&gt;&lt;p&gt;“课程”菜单带你一步步学习这两方面，其中的问题由程序用真实的分词器核对。“文件 → 打开课程”可以打开老师编写的课程。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/shell/welcome.py" line="46"/>
        <location filename="../../gui/shell/welcome.py" line="47"/>
        <source>Start: %1</source>
        <translation>开始：%1</translation>
    </message>
</context>
<context>
    <name>WindowMenu</name>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="34"/>
        <source>&amp;Window</source>
        <translation>窗口(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="35"/>
        <source>&amp;New window</source>
        <translation>新建窗口(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="40"/>
        <source>&amp;Detach the current tab</source>
        <translation>分离当前标签页(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="41"/>
        <source>Detach the &amp;lesson panel</source>
        <translation>分离课程面板(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="45"/>
        <source>&amp;Attach to the main window</source>
        <translation>放回主窗口(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="47"/>
        <source>&amp;Close window</source>
        <translation>关闭窗口(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="49"/>
        <source>Ne&amp;xt window</source>
        <translation>下一个窗口(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="60"/>
        <source>&amp;Detach “%1” into a window</source>
        <translation>将“%1”分离到独立窗口(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/windows/menu.py" line="67"/>
        <source>Main window — %1</source>
        <translation>主窗口 — %1</translation>
    </message>
</context>
<context>
    <name>WordPieceTimeline</name>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="126"/>
        <source>Training: vocabulary %1</source>
        <translation>训练中：词表 %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="130"/>
        <source>Trained %n WordPiece step(s) (vocabulary %1): %2.</source>
        <translation>
            <numerusform>已训练 %n 步 WordPiece（词表 %1）：%2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="134"/>
        <source>Use only the first %n step(s):</source>
        <translation>
            <numerusform>仅使用前 %n 步：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline/wordpiece.py" line="137"/>
        <source>with %n step(s)</source>
        <translation>
            <numerusform>使用 %n 步</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>commands</name>
    <message>
        <location filename="../../gui/corpus/commands.py" line="29"/>
        <source>Rename word</source>
        <translation>重命名词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="41"/>
        <source>Change count</source>
        <translation>修改次数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="53"/>
        <source>Add words</source>
        <translation>添加词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="67"/>
        <source>Remove words</source>
        <translation>移除词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="81"/>
        <source>Edit record</source>
        <translation>编辑记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="93"/>
        <source>Change line ending</source>
        <translation>修改行尾</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="105"/>
        <source>Add records</source>
        <translation>添加记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="118"/>
        <source>Remove records</source>
        <translation>移除记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus/commands.py" line="136"/>
        <source>Replace corpus</source>
        <translation>替换语料</translation>
    </message>
</context>
<context>
    <name>compare_view</name>
    <message>
        <location filename="../../gui/compare/picker.py" line="21"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="22"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="23"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="24"/>
        <source>Characters / token</source>
        <translation>字符数 / token</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="25"/>
        <source>Bytes / token</source>
        <translation>字节数 / token</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="26"/>
        <source>Tokens vs baseline</source>
        <translation>token 数（相对基准）</translation>
    </message>
    <message>
        <location filename="../../gui/compare/picker.py" line="27"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="58"/>
        <location filename="../../gui/compare/tables.py" line="70"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="56"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="56"/>
        <source>Log-probability</source>
        <translation>对数概率</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="57"/>
        <source>P(segmentation | text)</source>
        <translation>P(切分 | 文本)</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="62"/>
        <source>Start</source>
        <translation>起点</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="62"/>
        <source>End</source>
        <translation>终点</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="63"/>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="63"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="64"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="68"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="68"/>
        <source>Drawn</source>
        <translation>抽中</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="69"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="69"/>
        <source>Exact P^α/Z</source>
        <translation>精确 P^α/Z</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="74"/>
        <location filename="../../gui/compare/tables.py" line="79"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="74"/>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="75"/>
        <source>Tried</source>
        <translation>尝试</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="75"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="79"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="80"/>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../gui/compare/tables.py" line="80"/>
        <source>n-grams (fastText order)</source>
        <translation>n-gram（fastText 顺序）</translation>
    </message>
</context>
<context>
    <name>core_text</name>
    <message>
        <location filename="../../gui/shell/core_text.py" line="26"/>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="28"/>
        <source>is a directory, not {what}</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="29"/>
        <source>{size} bytes is over the {limit}{label}</source>
        <translation>大小 {size} 字节，超过了 {limit} 字节的上限</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="30"/>
        <source>cannot read ({reason})</source>
        <translation>无法读取（{reason}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="31"/>
        <source>cannot write ({reason})</source>
        <translation>无法写入（{reason}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="32"/>
        <source>is a symbolic link; write to the file it points to instead</source>
        <translation>是符号链接；请写入它指向的文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="33"/>
        <source>the folder {folder} does not exist</source>
        <translation>文件夹 {folder} 不存在</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="35"/>
        <source>is {kind}, not a regular file; it is not replaced</source>
        <translation>是{kind}，不是普通文件；不会替换它</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="36"/>
        <source>is also an input of this command ({other}); write to another file</source>
        <translation>也是本操作的输入（{other}）；请写入其他文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="39"/>
        <source>is named as two outputs of this command</source>
        <translation>被指定为本操作的两个输出</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="40"/>
        <source>cannot write the workspace ({reason})</source>
        <translation>无法写入工作区（{reason}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="41"/>
        <source>not UTF-8 text (byte {offset})</source>
        <translation>不是 UTF-8 文本（字节偏移 {offset}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="42"/>
        <source>unknown schema version {version}; this version reads {supported}</source>
        <translation>未知的格式版本 {version}；本版本只能读取版本 {supported}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="44"/>
        <source>invalid UTF-8 at byte offset {offset}</source>
        <translation>字节偏移 {offset} 处是无效的 UTF-8</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="45"/>
        <source>not valid JSON (line {line}, column {column}: {reason})</source>
        <translation>不是有效的 JSON（第 {line} 行第 {column} 列：{reason}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="46"/>
        <source>the integer {text} is over the limit {limit} of a JSON integer</source>
        <translation>整数 {text} 超过 JSON 整数的上限 {limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="47"/>
        <source>line {line}: invalid UTF-8 at byte offset {offset}</source>
        <translation>第 {line} 行：字节偏移 {offset} 处是无效的 UTF-8</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="48"/>
        <source>not a tokenizer.json (expected an object with a &quot;model&quot;)</source>
        <translation>不是 tokenizer.json（应为含有 &quot;model&quot; 的对象）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="50"/>
        <source>the model type {kind} is not supported (supported: BPE, WordPiece, Unigram)</source>
        <translation>不支持模型类型 {kind}（支持：BPE、WordPiece、Unigram）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="52"/>
        <source>no ranks (is this a tiktoken file?)</source>
        <translation>没有任何排名（这是 tiktoken 文件吗？）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="53"/>
        <source>no pieces (is this a SentencePiece .model file?)</source>
        <translation>没有任何片段（这是 SentencePiece 的 .model 文件吗？）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="54"/>
        <source>a {kind} asset is not a BPE model; this format holds BPE merges only</source>
        <translation>{kind} 资产不是 BPE 模型；这种格式只能保存 BPE 合并</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="57"/>
        <source>an ID list must be text</source>
        <translation>ID 列表必须是文本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="58"/>
        <source>brackets do not match: write IDs like 270 32 268 or [270, 32, 268]</source>
        <translation>方括号不配对：请写成 270 32 268 或 [270, 32, 268]</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="60"/>
        <source>item {number} ({item} at character {position}) is not a non-negative integer ID</source>
        <translation>第 {number} 项（{item}，位于字符位置 {position}）不是非负整数 ID</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="62"/>
        <source>the text has {size} characters, over the limit {limit} of a stage-by-stage inspection; inspect a part of it (encode takes the whole)</source>
        <translation>文本有 {size} 个字符，超过逐阶段检查的上限 {limit}；请检查其中一部分（编码可处理全文）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="65"/>
        <source>more than {limit} IDs: split the list</source>
        <translation>ID 超过 {limit} 个：请拆分列表</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="67"/>
        <source>empty word</source>
        <translation>词为空</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="68"/>
        <source>word {word} contains the reserved symbol {symbol}</source>
        <translation>词 {word} 含有保留符号 {symbol}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="69"/>
        <source>count {count} is not an integer</source>
        <translation>次数 {count} 不是整数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="70"/>
        <source>count {count} must be a positive integer</source>
        <translation>次数 {count} 必须是正整数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="71"/>
        <source>the counts of this corpus add up to more than {limit} symbols, the limit of a count in an asset</source>
        <translation>该语料的次数合计超过 {limit} 个符号，这是资产中次数的上限</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="74"/>
        <source>{what} {text} is not a decimal integer (ASCII digits 0-9 only)</source>
        <translation>{what} {text} 不是十进制整数（只允许 ASCII 数字 0-9）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="76"/>
        <source>{what} {text} is not a decimal number (ASCII digits, &apos;.&apos;, &apos;e&apos;)</source>
        <translation>{what} {text} 不是十进制数（只允许 ASCII 数字、&apos;.&apos; 和 &apos;e&apos;）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="78"/>
        <source>{what} {text} is over the limit {limit}</source>
        <translation>{what} {text} 超过上限 {limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="79"/>
        <source>{what} {value} must be at least {limit}</source>
        <translation>{what} {value} 至少应为 {limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="80"/>
        <source>{what} must be an integer, found {found}</source>
        <translation>{what} 必须是整数，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="81"/>
        <source>{what} must be a number, found {found}</source>
        <translation>{what} 必须是数字，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="82"/>
        <source>{what} {value} is outside the limit ±{limit}</source>
        <translation>{what} {value} 超出范围 ±{limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="83"/>
        <source>invalid UTF-8 byte {bytes} at byte offset {offset}</source>
        <translation>无效的 UTF-8 字节 {bytes}，位于字节偏移 {offset}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="84"/>
        <source>expected &apos;word&lt;TAB&gt;count&apos;, found no tab in {line}</source>
        <translation>应为“词&lt;TAB&gt;次数”，但 {line} 中没有制表符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="85"/>
        <source>the corpus is empty</source>
        <translation>语料为空</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="86"/>
        <source>{word} is already in row {row}; change its count instead</source>
        <translation>{word} 已在第 {row} 行；请改为修改它的次数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="87"/>
        <source>{word} is already in the table; change its count instead</source>
        <translation>{word} 已在表中；请改为修改它的次数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="89"/>
        <source>the corpus is in records mode; switch to the word table first</source>
        <translation>语料当前为记录模式；请先切换到词表</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="91"/>
        <source>the corpus is in words mode; switch to the records first</source>
        <translation>语料当前为词表模式；请先切换到记录</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="93"/>
        <source>a record is one line; split it at the line break first</source>
        <translation>一条记录只能有一行；请先在换行处拆开</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="94"/>
        <source>contains the reserved symbol {symbol}</source>
        <translation>含有保留符号 {symbol}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="95"/>
        <source>line ending {ending} is not LF, CRLF or none</source>
        <translation>行尾 {ending} 不是 LF、CRLF 或无</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="96"/>
        <source>only the last record may lack a line ending</source>
        <translation>只有最后一条记录可以没有行尾</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="97"/>
        <source>the table has {total} word occurrences; at most {limit} become records</source>
        <translation>词表共有 {total} 个词次；最多只能转成 {limit} 条记录</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="99"/>
        <source>{word} contains whitespace, so it cannot be a record of its own</source>
        <translation>{word} 含有空白字符，不能单独作为一条记录</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="102"/>
        <source>expected an object, found {found}</source>
        <translation>应为对象，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="103"/>
        <source>missing field {key}</source>
        <translation>缺少字段 {key}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="104"/>
        <source>expected {expected}, found {found}</source>
        <translation>应为 {expected}，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="105"/>
        <source>unknown field {key}</source>
        <translation>未知字段 {key}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="106"/>
        <source>an asset must be a JSON object</source>
        <translation>资产必须是一个 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="107"/>
        <source>not a Subword Studio asset (format must be {format})</source>
        <translation>不是 Subword Studio 资产（format 必须为 {format}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="108"/>
        <source>this is a Hugging Face tokenizer.json, not a Subword Studio asset: import it first (python main.py import FILE --format hf -o ASSET.json, or File &gt; Import tokenizer)</source>
        <translation>这是 Hugging Face 的 tokenizer.json，不是 Subword Studio 资产：请先导入（python main.py import FILE --format hf -o ASSET.json，或 文件 &gt; 导入分词器）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="111"/>
        <source>unknown tokenizer kind {kind}; known: {known}</source>
        <translation>未知的分词器类型 {kind}；已知类型：{known}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="112"/>
        <source>this asset has never been saved: choose a file name</source>
        <translation>此资产从未保存过：请选择一个文件名</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="113"/>
        <source>ID {id} is outside the vocabulary 0..{last}</source>
        <translation>ID {id} 超出词表范围 0..{last}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="114"/>
        <source>pick two different IDs to swap, not {id} twice</source>
        <translation>请选择两个不同的 ID 来交换，不能两次都选 {id}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="115"/>
        <source>IDs 0-255 are the bytes themselves in a byte-level tokenizer; pick two IDs from 256 up (exercise 5 swaps 268 and 270)</source>
        <translation>在字节级分词器中，ID 0–255 就是字节本身；请选择 256 及以上的两个 ID（练习 5 交换的是 268 和 270）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="117"/>
        <source>swapping IDs is not implemented for {kind} assets</source>
        <translation>尚未实现对 {kind} 资产交换 ID</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="118"/>
        <source>train a model first: there is no trained model to add</source>
        <translation>请先训练模型：目前没有可添加的已训练模型</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="120"/>
        <source>train a model first: there is no trained {kind} model to add</source>
        <translation>请先训练模型：目前没有可添加的已训练 {kind} 模型</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="122"/>
        <source>not a Subword Studio workspace (format must be {format})</source>
        <translation>不是 Subword Studio 工作区（format 必须为 {format}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="123"/>
        <source>every row must be [word, count]</source>
        <translation>每一行都必须是 [词, 次数]</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="124"/>
        <source>{steps} steps for {merges} merges</source>
        <translation>{merges} 次合并却有 {steps} 个步骤</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="125"/>
        <source>expected [left, right, count]</source>
        <translation>应为 [左, 右, 次数]</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="126"/>
        <source>expected [[[left, right], ...], tie count]</source>
        <translation>应为 [[[左, 右], ...], 并列数]</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="127"/>
        <source>the tie set must start with the winner</source>
        <translation>并列集必须以胜出的相邻对开头</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="128"/>
        <source>the training corpus does not match its recorded SHA-256</source>
        <translation>训练语料与记录的 SHA-256 不符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="130"/>
        <source>expected null or an integer from 0 to {limit}, found {found}</source>
        <translation>应为 null 或 0 到 {limit} 之间的整数，实际为 {found}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="132"/>
        <source>{mode} is neither &apos;words&apos; nor &apos;records&apos;</source>
        <translation>{mode} 既不是 &apos;words&apos; 也不是 &apos;records&apos;</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="137"/>
        <source>the text spells the special token {name} at character {at}; tiktoken refuses it by default, so a user&apos;s text cannot become a control token: --allowed-special all (or {name}) reads it as the special, --disallowed-special none as ordinary text</source>
        <translation>文本在第 {at} 个字符处写出了特殊 token {name}；tiktoken 默认拒绝它，这样用户的文本就不会变成控制 token：--allowed-special all（或 {name}）把它读作特殊 token，--disallowed-special none 把它读作普通文本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="142"/>
        <source>the text spells the special token {name} at character {at}; it is disallowed, so a user&apos;s text cannot become a control token: --allowed-special all (or {name}) reads it as the special, --disallowed-special none as ordinary text</source>
        <translation>文本在第 {at} 个字符处写出了特殊 token {name}；它不被允许，这样用户的文本就不会变成控制 token：--allowed-special all（或 {name}）把它读作特殊 token，--disallowed-special none 把它读作普通文本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="147"/>
        <source>a folder with no tokenizer file in it (looked for {wanted})</source>
        <translation>文件夹中没有分词器文件（查找了 {wanted}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="149"/>
        <source>cannot tell which format this file is; give --format ({formats})</source>
        <translation>无法判断此文件的格式；请用 --format 指定（{formats}）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="155"/>
        <source>Expecting value</source>
        <translation>此处应为一个值</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="156"/>
        <source>Expecting &apos;,&apos; delimiter</source>
        <translation>此处应为 &apos;,&apos; 分隔符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="157"/>
        <source>Expecting &apos;:&apos; delimiter</source>
        <translation>此处应为 &apos;:&apos; 分隔符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="158"/>
        <source>Expecting property name enclosed in double quotes</source>
        <translation>此处应为用双引号括起的属性名</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="160"/>
        <source>Unterminated string starting at</source>
        <translation>字符串没有结束</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="161"/>
        <source>Invalid control character at</source>
        <translation>无效的控制字符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="162"/>
        <source>Invalid \escape</source>
        <translation>无效的转义</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="163"/>
        <source>Invalid \uXXXX escape</source>
        <translation>无效的 \uXXXX 转义</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="164"/>
        <source>Extra data</source>
        <translation>多余的数据</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="170"/>
        <source>a directory</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="171"/>
        <source>a FIFO</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="172"/>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="173"/>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="174"/>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="176"/>
        <source>{kind}, not a regular file</source>
        <translation>是{kind}，不是普通文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="180"/>
        <source>row {n}</source>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="181"/>
        <source>record {n}</source>
        <translation>记录 {n}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="182"/>
        <source>entry {n}</source>
        <translation>第 {n} 项</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="183"/>
        <source>pasted line {n}</source>
        <translation>粘贴的第 {n} 行</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="190"/>
        <source>lone byte {byte} at offset {offset}</source>
        <translation>偏移 {offset} 处的孤立字节 {byte}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="191"/>
        <source>continuation byte {byte} at offset {offset} has no lead byte</source>
        <translation>偏移 {offset} 处的后续字节 {byte} 没有前导字节</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="193"/>
        <source>truncated sequence {seq} at offset {offset}: a {need}-byte character cut off by the end of data</source>
        <translation>偏移 {offset} 处的截断序列 {seq}：一个 {need} 字节的字符被数据末尾截断</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="195"/>
        <source>incomplete sequence {seq} at offset {offset}: byte at offset {next} is not a continuation byte (0x80-0xBF)</source>
        <translation>偏移 {offset} 处的不完整序列 {seq}：偏移 {next} 处的字节不是后续字节（0x80–0xBF）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="197"/>
        <source>overlong encoding {seq} at offset {offset}: {value} must use fewer bytes</source>
        <translation>偏移 {offset} 处的超长编码 {seq}：{value} 应使用更少的字节</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="199"/>
        <source>overlong encoding {seq} at offset {offset}: a code point must use fewer bytes (sequence also cut short)</source>
        <translation>偏移 {offset} 处的超长编码 {seq}：该码点应使用更少的字节（序列也被截断）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="201"/>
        <source>surrogate {value} encoded as {seq} at offset {offset}: surrogates are not characters</source>
        <translation>偏移 {offset} 处的代理项 {value}（编码为 {seq}）：代理项不是字符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="203"/>
        <source>surrogate a code point encoded as {seq} at offset {offset}: surrogates are not characters (sequence also cut short)</source>
        <translation>偏移 {offset} 处的代理项编码 {seq}：代理项不是字符（序列也被截断）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="205"/>
        <source>sequence {seq} at offset {offset} encodes {value}, beyond U+10FFFF</source>
        <translation>偏移 {offset} 处的序列 {seq} 编码了 {value}，超出 U+10FFFF</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="207"/>
        <source>sequence {seq} at offset {offset} encodes a code point, beyond U+10FFFF (sequence also cut short)</source>
        <translation>偏移 {offset} 处的序列 {seq} 编码了超出 U+10FFFF 的码点（序列也被截断）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="213"/>
        <source>{ranks} ranked tokens (rank = ID), {merges} merges in rank order, whole pre-tokens looked up first</source>
        <translation>{ranks} 个带排名的 token（排名 = ID），{merges} 次合并按排名排序，先整体查找预分词片段</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="217"/>
        <source>the {name} pattern (version {version}), chosen by name</source>
        <translation>{name} 切分模式（版本 {version}），按名称选定</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="218"/>
        <source>text the pattern does not match is kept as its own piece here; tiktoken skips it (the built-in patterns match every character)</source>
        <translation>模式未匹配的文本在这里保留为单独的片段；tiktoken 会跳过它（内置模式能匹配每个字符）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="221"/>
        <source>{count} special tokens; matched wherever their text occurs, as tiktoken&apos;s encode(text, allowed_special=&apos;all&apos;)</source>
        <translation>{count} 个特殊 token；其文本出现在任何位置都会被匹配，同 tiktoken 的 encode(text, allowed_special=&apos;all&apos;)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="223"/>
        <source>{ranks} ranks (= IDs); each merge is its token&apos;s canonical split</source>
        <translation>{ranks} 个排名（= ID）；每次合并都是其 token 的规范拆分</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="225"/>
        <source>pat_str and special_tokens written to {file}</source>
        <translation>pat_str 和 special_tokens 写入了 {file}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="226"/>
        <source>pat_str and special_tokens written to {file} (the pattern has no name here: pass it to tiktoken yourself)</source>
        <translation>pat_str 和 special_tokens 写入了 {file}（此切分模式在这里没有名称：请自行把它传给 tiktoken）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="229"/>
        <source>{merges} merges, {specials} specials</source>
        <translation>{merges} 次合并，{specials} 个特殊 token</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="230"/>
        <source>subword-nmt splits words at spaces itself; this asset&apos;s normalizer and pre-tokenizer are not kept</source>
        <translation>subword-nmt 自己在空格处切分词；本资产的规范化器和预分词器不会保留</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="232"/>
        <source>token IDs (codes files have none)</source>
        <translation>token ID（codes 文件中没有 ID）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="233"/>
        <source>{merges} merges</source>
        <translation>{merges} 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="234"/>
        <source>the continuation prefix {prefix} (vocab.txt readers assume ##)</source>
        <translation>续接前缀 {prefix}（读取 vocab.txt 的程序假定为 ##）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="236"/>
        <source>max_input_chars_per_word {limit}</source>
        <translation>max_input_chars_per_word 为 {limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="237"/>
        <source>BasicTokenizer options {options}</source>
        <translation>BasicTokenizer 选项 {options}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="238"/>
        <source>BasicTokenizer options (none: whitespace only)</source>
        <translation>BasicTokenizer 选项（无：只按空白切分）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="239"/>
        <source>{tokens} tokens, one per line in ID order</source>
        <translation>{tokens} 个 token，按 ID 顺序每行一个</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="240"/>
        <source>{merges} merges (IDs 256-{last}), bytes 0-255</source>
        <translation>{merges} 次合并（ID 256–{last}），字节 0–255</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="241"/>
        <source>pattern {pattern}</source>
        <translation>切分模式 {pattern}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="242"/>
        <source>no split (BasicTokenizer)</source>
        <translation>不切分（BasicTokenizer）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="243"/>
        <source>text the pattern does not match is kept as its own piece here; minbpe&apos;s findall skips it</source>
        <translation>模式未匹配的文本在这里保留为单独的片段；minbpe 的 findall 会跳过它</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="245"/>
        <source>matched wherever their text occurs, as encode(text, allowed_special=&apos;all&apos;); minbpe&apos;s default raises on them</source>
        <translation>其文本出现在任何位置都会被匹配，同 encode(text, allowed_special=&apos;all&apos;)；minbpe 默认遇到它们会报错</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="247"/>
        <source>{merges} merges in line order, {suffix} a symbol of its own (version 0.1)</source>
        <translation>{merges} 条合并，按行序；{suffix} 是独立符号（0.1 版）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="249"/>
        <source>the codes have no IDs: numbered here as a char-bpe asset ([UNK], the {symbols} symbols sorted, then each merge result)</source>
        <translation>codes 文件没有 ID：此处按 char-bpe 资产编号（[UNK]、排序后的 {symbols} 个符号，再是每条合并的结果）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="252"/>
        <source>a character the codes never mention becomes [UNK] here; subword-nmt passes it through</source>
        <translation>codes 中从未出现的字符在此处变为 [UNK]；subword-nmt 原样保留它</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="254"/>
        <source>words split at any whitespace here; subword-nmt splits a line at single spaces</source>
        <translation>此处按任意空白切分单词；subword-nmt 按单个空格切分一行</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="256"/>
        <source>{merges} merges in rank order, {suffix} a symbol of its own (version 0.1 codes)</source>
        <translation>{merges} 条合并，按秩序；{suffix} 是独立符号（0.1 版 codes）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="258"/>
        <source>merge IDs renumbered as minbpe mints them (256 + merge index): {token} {old} -&gt; {new}, and {more} more</source>
        <translation>合并 ID 按 minbpe 的方式重新编号（256 + 合并序号）：{token} {old} -&gt; {new}，另有 {more} 个</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="260"/>
        <source>specials moved after the last merge: {moves}</source>
        <translation>特殊符号移到最后一条合并之后：{moves}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="261"/>
        <source>{merges} merges in line order, {suffix} glued to the last character</source>
        <translation>{merges} 次合并按行序排列，{suffix} 附在最后一个字符上</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="263"/>
        <source>the codes have no IDs: numbered here &lt;unk&gt; 0, then {symbols} symbols in order of first appearance</source>
        <translation>codes 文件没有 ID：这里把 &lt;unk&gt; 编为 0，其后 {symbols} 个符号按首次出现的顺序编号</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="265"/>
        <source>a character the codes never mention becomes &lt;unk&gt; here; subword-nmt passes it through</source>
        <translation>codes 中从未出现的字符在这里变成 &lt;unk&gt;；subword-nmt 会原样保留它</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="267"/>
        <source>words split at spaces and line breaks; a carriage return inside a line also splits here (subword-nmt keeps it in the word)</source>
        <translation>词在空格和换行处切开；行内的回车符在这里也会切开（subword-nmt 把它留在词中）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="270"/>
        <source>{tokens} tokens, ID = line number - 1, continuation prefix ##</source>
        <translation>{tokens} 个 token，ID = 行号 - 1，续接前缀 ##</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="272"/>
        <source>not recorded in vocab.txt: assumed BERT&apos;s cased BasicTokenizer</source>
        <translation>vocab.txt 中没有记录：假定为 BERT 区分大小写的 BasicTokenizer</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="274"/>
        <source>not recorded in vocab.txt: assumed BERT&apos;s uncased BasicTokenizer (lower casing, accent stripping); --cased for cased models</source>
        <translation>vocab.txt 中没有记录：假定为 BERT 不区分大小写的 BasicTokenizer（转小写、去除重音）；区分大小写的模型请用 --cased</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="277"/>
        <source>{count} tokens have upper-case letters, which lower-cased input never reaches: this looks like a cased vocabulary (import with --cased)</source>
        <translation>{count} 个 token 含大写字母，而转成小写的输入永远到不了它们：这看起来是区分大小写的词表（请用 --cased 导入）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="133"/>
        <source>word {index} of the corpus has {length} characters, over the {limit} of a char-BPE word (training time and memory grow with it: some 18 bytes a character); split it into words</source>
        <translation>语料的第 {index} 个词有 {length} 个字符，超过字符 BPE 单词上限 {limit}（训练时间和内存随之增长：每个字符约 18 字节）；请把它拆成多个词</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="288"/>
        <source>the specials become added tokens, which are matched wherever their text occurs (e.g. {example}); the byte-bpe asset reads such text as bytes unless asked to allow specials</source>
        <translation>特殊 token 变成附加 token，其文本出现在任何位置都会被匹配（例如 {example}）；byte-bpe 资产除非允许特殊 token，否则把这样的文本当作字节读取</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="291"/>
        <source>the {name} regex splits text before the byte mapping</source>
        <translation>{name} 正则在字节映射之前切分文本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="292"/>
        <source>a .vocab file does not record its normalization: assumed Python&apos;s NFKC with the dummy prefix and whitespace squeezing; SentencePiece&apos;s compiled rules (nmt_nfkc, the default, also drops control characters and maps odd spaces) differ from it, so import the .model to be exact</source>
        <translation>.vocab 文件不记录规范化方式：假定为 Python 的 NFKC，加上虚拟前缀和空白压缩；SentencePiece 编译好的规则（默认的 nmt_nfkc 还会删除控制字符并映射特殊空格）与之不同，要精确请导入 .model 文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="298"/>
        <source>model type {type} (given); &lt;unk&gt; is the unknown piece, &lt;s&gt; &lt;/s&gt; &lt;pad&gt; are control pieces</source>
        <translation>模型类型 {type}（已指定）；&lt;unk&gt; 是未知片段，&lt;s&gt; &lt;/s&gt; &lt;pad&gt; 是控制片段</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="300"/>
        <source>model type {type} (guessed from the scores); &lt;unk&gt; is the unknown piece, &lt;s&gt; &lt;/s&gt; &lt;pad&gt; are control pieces</source>
        <translation>模型类型 {type}（根据分数推断）；&lt;unk&gt; 是未知片段，&lt;s&gt; &lt;/s&gt; &lt;pad&gt; 是控制片段</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="302"/>
        <source>model type {type} (given); &lt;unk&gt; is the unknown piece, &lt;s&gt; &lt;/s&gt; &lt;pad&gt; are control pieces, &lt;0x00&gt;..&lt;0xFF&gt; byte fallback</source>
        <translation>模型类型 {type}（已指定）；&lt;unk&gt; 是未知片段，&lt;s&gt; &lt;/s&gt; &lt;pad&gt; 是控制片段，&lt;0x00&gt;..&lt;0xFF&gt; 为字节回退</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="305"/>
        <source>model type {type} (guessed from the scores); &lt;unk&gt; is the unknown piece, &lt;s&gt; &lt;/s&gt; &lt;pad&gt; are control pieces, &lt;0x00&gt;..&lt;0xFF&gt; byte fallback</source>
        <translation>模型类型 {type}（根据分数推断）；&lt;unk&gt; 是未知片段，&lt;s&gt; &lt;/s&gt; &lt;pad&gt; 是控制片段，&lt;0x00&gt;..&lt;0xFF&gt; 为字节回退</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="308"/>
        <source>an unknown piece decodes as {ours}, not the model&apos;s {theirs}</source>
        <translation>未知片段解码为 {ours}，而不是模型自己的 {theirs}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="309"/>
        <source>the rule {name} as its precompiled charsmap ({size} bytes), applied as SentencePiece does: longest match first</source>
        <translation>规则 {name} 以其预编译的 charsmap（{size} 字节）保存，按 SentencePiece 的方式应用：最长匹配优先</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="311"/>
        <source>the rule is named {name} but the model has no charsmap, so SentencePiece applies no normalization; neither does this asset</source>
        <translation>规则名为 {name}，但模型没有 charsmap，所以 SentencePiece 不做规范化；本资产也不做</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="314"/>
        <source>spaces stay U+0020 in pieces (escape_whitespaces=false)</source>
        <translation>片段中的空格保持为 U+0020（escape_whitespaces=false）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="315"/>
        <source>user-defined pieces are not shielded from Python&apos;s NFKC the way SentencePiece&apos;s normalizer shields them</source>
        <translation>用户定义片段不会像在 SentencePiece 的规范化器中那样免受 Python NFKC 的影响</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="317"/>
        <source>{count} user-defined pieces ({pieces}) pass through the normalizer untouched and always win, as in SentencePiece</source>
        <translation>{count} 个用户定义片段（{pieces}）原样通过规范化器并总是优先胜出，与 SentencePiece 相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="319"/>
        <source>unigram: {pieces} pieces with their float32 scores and types; Viterbi adds scores in single precision as SentencePiece does</source>
        <translation>unigram：{pieces} 个片段及其 float32 分数和类型；与 SentencePiece 一样，Viterbi 以单精度累加分数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="321"/>
        <source>BPE: {pieces} pieces; {merges} merges, one per split of a piece into two pieces, ranked by the piece&apos;s score (equal scores share a rank; the leftmost pair wins)</source>
        <translation>BPE：{pieces} 个片段；{merges} 次合并，每种把片段拆成两个片段的方式对应一次合并，按片段的分数排名（分数相同则排名相同；最左边的相邻对胜出）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="324"/>
        <source>{count} pieces cannot be made from two pieces and are never produced (as in SentencePiece)</source>
        <translation>{count} 个片段无法由两个片段合成，永远不会产生（与 SentencePiece 相同）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="326"/>
        <source>BertNormalizer as the BasicTokenizer&apos;s clean_text, Chinese characters, lower casing and accent stripping</source>
        <translation>BertNormalizer 对应 BasicTokenizer 的 clean_text、中文字符处理、转小写和去除重音</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="328"/>
        <source>BertPreTokenizer: whitespace and punctuation splitting</source>
        <translation>BertPreTokenizer：按空白和标点切分</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="329"/>
        <source>Unicode tables are Python&apos;s (unicodedata), not Rust&apos;s: categories, case mappings and White_Space can differ for characters one of the two versions lacks</source>
        <translation>Unicode 表来自 Python（unicodedata）而非 Rust：对两边版本之一缺少的字符，类别、大小写映射和 White_Space 可能不同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="332"/>
        <source>{count} special added tokens matched in the text and skipped by decode, as HF does</source>
        <translation>{count} 个特殊添加 token 在文本中匹配，解码时跳过，与 HF 相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="472"/>
        <source>{kind} is not applied ({reason}); dropped, so IDs here equal HF&apos;s encode(text, add_special_tokens=False)</source>
        <translation>{kind} 未被应用（{reason}）；已丢弃，因此这里的 ID 等于 HF 的 encode(text, add_special_tokens=False)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="474"/>
        <source>{kind}: {template}, applied when encoding with add_special_tokens (HF&apos;s default); without it IDs equal HF&apos;s encode(text, add_special_tokens=False)</source>
        <translation>{kind}：{template}，在以 add_special_tokens 编码时应用（HF 的默认行为）；不加时 ID 等于 HF 的 encode(text, add_special_tokens=False)</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="477"/>
        <source>{template}</source>
        <translation>{template}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="478"/>
        <source>{template}: this format has no post-processor (a tokenizer.json keeps it)</source>
        <translation>{template}：此格式没有后处理器（tokenizer.json 会保留它）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="480"/>
        <source>read {files} beside the tokenizer</source>
        <translation>已读取分词器旁的 {files}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="481"/>
        <source>unk_token {token} differs from the model&apos;s unknown token {model}, which stays</source>
        <translation>unk_token {token} 与模型的未知 token {model} 不同，保留模型的</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="483"/>
        <source>{count} named special tokens are not in the vocabulary ({tokens}); transformers would add them with new IDs, here they are not added</source>
        <translation>{count} 个指定的特殊 token 不在词表中（{tokens}）；transformers 会以新 ID 添加它们，这里不添加</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="486"/>
        <source>a unigram asset matches no special token in the text: the named specials ({tokens}) stay as they are</source>
        <translation>unigram 资产不会在文本中匹配特殊 token：指定的特殊 token（{tokens}）保持原样</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="488"/>
        <source>{count} named special tokens ({tokens}) are now special: matched in the text as one token and skipped by decode, as transformers does</source>
        <translation>{count} 个指定的特殊 token（{tokens}）现在是特殊 token：在文本中作为一个 token 匹配，解码时跳过，与 transformers 相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="491"/>
        <source>add_bos_token={bos}, add_eos_token={eos}: the post-processor is {template}, as transformers&apos; LlamaTokenizerFast builds it</source>
        <translation>add_bos_token={bos}，add_eos_token={eos}：后处理器为 {template}，与 transformers 的 LlamaTokenizerFast 构建的相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="494"/>
        <source>cls_token and sep_token: the post-processor is {template}, as transformers&apos; BertTokenizer adds them</source>
        <translation>cls_token 和 sep_token：后处理器为 {template}，与 transformers 的 BertTokenizer 添加的相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="334"/>
        <source>pieces glued at the prefix, words joined by one space, HF&apos;s cleanup per token</source>
        <translation>片段在前缀处拼接，词之间用一个空格连接，并按 HF 的方式逐 token 清理</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="38"/>
        <source>is read-only; it is not replaced</source>
        <translation>是只读文件；未替换它</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="215"/>
        <source>{count} tokens never form from two pieces; only a whole pre-token reaches them, as in tiktoken</source>
        <translation>{count} 个 token 无法由两个片段合并而成；与 tiktoken 一样，只有整个预分词片段能得到它们</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="280"/>
        <source>{tokens} not in the vocabulary: transformers&apos; BertTokenizer and HF&apos;s BertWordPieceTokenizer expect BERT&apos;s five specials and refuse or misread a file without them (train with the default --specials)</source>
        <translation>{tokens} 不在词表中：transformers 的 BertTokenizer 和 HF 的 BertWordPieceTokenizer 需要 BERT 的五个特殊 token，缺少它们的文件会被拒绝或误读（请用默认的 --specials 训练）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="285"/>
        <source>max_input_chars_per_word not recorded: {hf}, as transformers&apos; BertTokenizer(Fast) and HF tokenizers use (Google&apos;s BERT code used {bert}): a longer word is [UNK]</source>
        <translation>文件未记录 max_input_chars_per_word：取 {hf}，与 transformers 的 BertTokenizer(Fast) 和 HF tokenizers 一致（Google 的 BERT 代码用 {bert}）：更长的词为 [UNK]</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="336"/>
        <source>{decoder} is not stored; decoding here: pieces glued at the prefix, words joined by one space, HF&apos;s cleanup per token</source>
        <translation>{decoder} 未保存；这里的解码：片段在前缀处拼接，词之间用一个空格连接，并按 HF 的方式逐 token 清理</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="339"/>
        <source>{count} special added tokens</source>
        <translation>{count} 个特殊添加 token</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="340"/>
        <source>not recorded in vocab.txt: {tokens} assumed special, matched in text and skipped by decode as transformers&apos; BertTokenizer does; other bracketed tokens ([unused0] ...) are ordinary vocabulary</source>
        <translation>vocab.txt 未记录：假定 {tokens} 为特殊 token，像 transformers 的 BertTokenizer 一样在文本中匹配、解码时跳过；其他带方括号的 token（[unused0] ...）是普通词表项</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="344"/>
        <source>not recorded in vocab.txt: HF&apos;s WordPiece decoder with cleanup per token (&apos; ,&apos; -&gt; &apos;,&apos;); transformers&apos; BertTokenizer cleans the joined string, which also glues &quot; &apos; &quot; and &quot; n&apos;t&quot;</source>
        <translation>vocab.txt 未记录：使用 HF 的 WordPiece 解码器，逐 token 清理（&apos; ,&apos; -&gt; &apos;,&apos;）；transformers 的 BertTokenizer 清理拼接后的整个字符串，还会粘合 &quot; &apos; &quot; 和 &quot; n&apos;t&quot;</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="348"/>
        <source>encoding adds no [CLS]/[SEP] (add_special_tokens=False in HF)</source>
        <translation>编码不添加 [CLS]/[SEP]（即 HF 中的 add_special_tokens=False）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="350"/>
        <source>{template}, as transformers&apos; BertTokenizer adds them</source>
        <translation>{template}，与 transformers 的 BertTokenizer 添加的相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="352"/>
        <source>the given pat_str {pattern}, run by Python&apos;s regex module</source>
        <translation>给定的 pat_str {pattern}，由 Python 的 regex 模块执行</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="353"/>
        <source>{count} user-defined pieces ({pieces}) are matched in the normalized text and never merge, as in SentencePiece</source>
        <translation>{count} 个用户定义片段（{pieces}）在规范化后的文本中匹配，从不参与合并，与 SentencePiece 相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="355"/>
        <source>{count} user-defined pieces ({pieces}) change under the normalizer, which SentencePiece does not apply to them: text spelling them is not matched as one piece here</source>
        <translation>{count} 个用户定义片段（{pieces}）会被规范化改变，而 SentencePiece 不对它们做规范化：这里拼出它们的文本不会作为一个片段匹配</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="358"/>
        <source>WhitespaceSplit</source>
        <translation>WhitespaceSplit（按空白切分）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="359"/>
        <source>words are split with str.split, which also splits at U+001C..U+001F</source>
        <translation>词用 str.split 切分，它也会在 U+001C..U+001F 处切开</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="361"/>
        <source>{count} added tokens ({tokens}) stay in the vocabulary, but text spelling them is not matched as one token here (HF does)</source>
        <translation>{count} 个附加 token（{tokens}）保留在词表中，但拼出它们的文本在这里不会被当作一个 token 匹配（HF 会）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="364"/>
        <source>special added tokens become control pieces: text spelling them (e.g. {example}) is not matched here (HF does)</source>
        <translation>特殊附加 token 变成控制片段：拼出它们的文本（例如 {example}）在这里不会被匹配（HF 会）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="367"/>
        <source>HF&apos;s Precompiled reads the charsmap grapheme by grapheme, SentencePiece by longest match: they differ where a grapheme holds more than one mapped character, e.g. half-width ｶﾞ stays two characters, CR LF becomes one space, Ｃ + U+0301 loses its accent</source>
        <translation>HF 的 Precompiled 按字素逐个读取 charsmap，SentencePiece 按最长匹配读取：当一个字素含有多个被映射的字符时两者不同，例如半角 ｶﾞ 保持两个字符、CR LF 变成一个空格、Ｃ + U+0301 丢失重音</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="373"/>
        <source>merges sharing a rank (SentencePiece/tiktoken style) get consecutive ranks in file order; HF breaks such ties by that order, not by position</source>
        <translation>排名相同的合并（SentencePiece/tiktoken 风格）按文件顺序得到连续的排名；HF 按这个顺序而不是按位置打破这种并列</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="376"/>
        <source>BPE: {tokens} tokens, {merges} merges</source>
        <translation>BPE：{tokens} 个 token，{merges} 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="377"/>
        <source>SentencePiece&apos;s Decode becomes HF&apos;s decoder chain, which differs on IDs that begin with several ▁ pieces and on byte runs that are not valid UTF-8 (one U+FFFD per byte)</source>
        <translation>SentencePiece 的 Decode 变成 HF 的解码器链，两者在以多个 ▁ 片段开头的 ID 序列和不是有效 UTF-8 的字节串上不同（每个字节一个 U+FFFD）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="381"/>
        <source>HF lower-cases character by character (no final sigma), drops private-use characters and starts CJK Extension E at U+2B920</source>
        <translation>HF 逐字符转小写（没有词尾 sigma 规则），删除私用区字符，并让 CJK 扩展 E 区从 U+2B920 开始</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="384"/>
        <source>WordPiece: {tokens} tokens</source>
        <translation>WordPiece：{tokens} 个 token</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="385"/>
        <source>control and unknown pieces become special added tokens: HF matches their text (e.g. {example}) as that token; here it is ordinary text</source>
        <translation>控制片段和未知片段变成特殊附加 token：HF 会把它们的文本（例如 {example}）匹配为该 token；在这里它只是普通文本</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="388"/>
        <source>scores were added in single precision (SentencePiece); HF adds in double precision, which can break a near tie differently</source>
        <translation>分数原以单精度累加（SentencePiece）；HF 以双精度累加，接近并列时可能得出不同结果</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="391"/>
        <source>an unknown piece decodes to its own text in HF, to &apos; ⁇ &apos; here</source>
        <translation>未知片段在 HF 中解码为它自己的文本，在这里解码为 &apos; ⁇ &apos;</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="393"/>
        <source>SentencePiece&apos;s pipeline as an HF normalizer sequence</source>
        <translation>SentencePiece 的处理流程写成 HF 的规范化器序列</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="395"/>
        <source>pieces glued at the prefix, words joined by one space, no cleanup</source>
        <translation>片段在前缀处拼接，词之间用一个空格连接，不做清理</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="397"/>
        <source>{decoder} is not stored; decoding here: pieces glued at the prefix, words joined by one space, no cleanup</source>
        <translation>{decoder} 不会保存；这里的解码方式：片段在前缀处拼接，词之间用一个空格连接，不做清理</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="400"/>
        <source>SentencePiece&apos;s: ▁ as spaces, byte pieces joined, the dummy prefix dropped</source>
        <translation>SentencePiece 的方式：▁ 作为空格，字节片段拼接，去掉虚拟前缀</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="402"/>
        <source>{decoder} is not stored; decoding here: SentencePiece&apos;s: ▁ as spaces, byte pieces joined, the dummy prefix dropped</source>
        <translation>{decoder} 不会保存；这里的解码方式：SentencePiece 的方式：▁ 作为空格，字节片段拼接，去掉虚拟前缀</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="405"/>
        <source>sequence of {steps}</source>
        <translation>依次为 {steps}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="406"/>
        <source>{kind}: {options} only affect offsets or restate another option; not stored</source>
        <translation>{kind}：{options} 只影响偏移或重复了其他选项；不保存</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="408"/>
        <source>SentencePiece&apos;s pipeline (the normalizer sequence this program writes)</source>
        <translation>SentencePiece 的处理流程（本程序写出的规范化器序列）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="410"/>
        <source>SentencePiece&apos;s pipeline (the normalizer sequence this program writes); the charsmap is applied as HF&apos;s Precompiled does</source>
        <translation>SentencePiece 的处理流程（本程序写出的规范化器序列）；charsmap 按 HF 的 Precompiled 方式应用</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="413"/>
        <source>a text that starts with a space or a ▁ gets one more ▁ here: HF&apos;s Metaspace prepends ▁ only when the text does not already start with one</source>
        <translation>以空格或 ▁ 开头的文本在这里会多得到一个 ▁：HF 的 Metaspace 只在文本不以 ▁ 开头时才在前面加 ▁</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="416"/>
        <source>a text that starts with a literal ▁ gets one more ▁ here: HF&apos;s Metaspace prepends ▁ only when the text does not already start with one</source>
        <translation>以字面 ▁ 开头的文本在这里会多得到一个 ▁：HF 的 Metaspace 只在文本不以 ▁ 开头时才在前面加 ▁</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="419"/>
        <source>a text that normalizes to nothing but spaces encodes to nothing here; HF gives one ▁</source>
        <translation>规范化后只剩空格的文本在这里编码为空；HF 给出一个 ▁</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="421"/>
        <source>Precompiled: the SentencePiece charsmap, applied as HF does (grapheme by grapheme; a short grapheme takes its shortest match whole)</source>
        <translation>Precompiled：SentencePiece 的 charsmap，按 HF 的方式应用（逐个字素；短字素整体取其最短匹配）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="424"/>
        <source>only U+0020 is squeezed, as HF&apos;s Replace does</source>
        <translation>只压缩 U+0020，与 HF 的 Replace 相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="425"/>
        <source>HF splits before each ▁ and this model has {count} pieces with an inner ▁ (or no ▁ piece): here the whole text is one lattice, so they can differ</source>
        <translation>HF 在每个 ▁ 之前切分，而此模型有 {count} 个内部含 ▁ 的片段（或没有 ▁ 片段）：这里整个文本是一个网格，所以结果可能不同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="428"/>
        <source>Metaspace split: no piece has an inner ▁, so one lattice over the whole text gives the same segmentation</source>
        <translation>Metaspace 切分：没有片段内部含 ▁，所以对整个文本用一个网格得到的切分相同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="430"/>
        <source>{rule}, spaces are kept as they are (no squeezing)</source>
        <translation>{rule}，空格保持原样（不压缩）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="431"/>
        <source>{rule}, runs of spaces squeezed to one, a trailing one kept</source>
        <translation>{rule}，连续空格压缩为一个，保留末尾的一个</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="433"/>
        <source>{rule}, runs of spaces squeezed to one, trailing White_Space stripped</source>
        <translation>{rule}，连续空格压缩为一个，去掉末尾的空白字符（White_Space）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="435"/>
        <source>{model} (ModelProto, {size} bytes) and {vocab} (pieces and scores, as SentencePiece&apos;s trainer writes them)</source>
        <translation>{model}（ModelProto，{size} 字节）和 {vocab}（片段与分数，与 SentencePiece 训练器写出的格式相同）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="437"/>
        <source>{count} scores rounded to single precision (SentencePiece stores float32; largest change {worst}), which can break a near tie differently</source>
        <translation>{count} 个分数被舍入为单精度（SentencePiece 存储 float32；最大变化 {worst}），接近并列时可能得出不同结果</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="440"/>
        <source>SentencePiece adds scores in single precision; this asset adds them in double precision, which can break a near tie differently</source>
        <translation>SentencePiece 以单精度累加分数；本资产以双精度累加，接近并列时可能得出不同结果</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="443"/>
        <source>unigram: {pieces} pieces with their types and float32 scores</source>
        <translation>unigram：{pieces} 个片段及其类型和 float32 分数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="445"/>
        <source>SentencePiece shields user-defined pieces from normalization; this asset&apos;s Python NFKC does not</source>
        <translation>SentencePiece 使用户定义片段免受规范化影响；本资产的 Python NFKC 不会</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="447"/>
        <source>this asset&apos;s decoder ({decoder}) is not written: SentencePiece decodes by its own rules</source>
        <translation>本资产的解码器（{decoder}）不会写出：SentencePiece 按自己的规则解码</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="449"/>
        <source>{count} added tokens ({tokens}) become control pieces: SentencePiece neither matches their text nor prints them; this asset does both</source>
        <translation>{count} 个附加 token（{tokens}）变成控制片段：SentencePiece 既不匹配它们的文本也不输出它们；本资产两者都做</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="452"/>
        <source>control pieces: {pieces}</source>
        <translation>控制片段：{pieces}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="453"/>
        <source>SentencePiece joins a run of unknown characters into one unknown token; this asset gives one per character</source>
        <translation>SentencePiece 把连续的未知字符合成一个未知 token；本资产每个字符给一个</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="455"/>
        <source>BPE: {pieces} pieces; each token scores -rank of its merge, and the merges SentencePiece implies from them are exactly this asset&apos;s {merges}</source>
        <translation>BPE：{pieces} 个片段；每个 token 的分数为其合并排名的相反数，SentencePiece 由此推出的合并正好是本资产的 {merges} 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="458"/>
        <source>the charsmap came from an HF Precompiled normalizer, which reads it grapheme by grapheme; SentencePiece reads it by longest match (they differ e.g. on half-width ｶﾞ, CR LF, Ｃ + U+0301)</source>
        <translation>该 charsmap 来自 HF 的 Precompiled 规范化器，它按字素逐个读取；SentencePiece 按最长匹配读取（两者在半角 ｶﾞ、CR LF、Ｃ + U+0301 等处不同）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="462"/>
        <source>the precompiled charsmap ({size} bytes)</source>
        <translation>预编译的 charsmap（{size} 字节）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="463"/>
        <source>Python&apos;s NFKC has no precompiled charsmap to write, so SentencePiece will apply no normalization: text NFKC changes (fullwidth Ａ, ﬁ, e + U+0301) encodes differently there</source>
        <translation>Python 的 NFKC 没有可写出的预编译 charsmap，所以 SentencePiece 不会做规范化：NFKC 会改变的文本（全角 Ａ、ﬁ、e + U+0301）在那里的编码不同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="467"/>
        <source>identity (no charsmap)</source>
        <translation>恒等（无 charsmap）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="468"/>
        <source>SentencePiece drops every trailing space; this asset&apos;s HF-style squeezing ({trailing}) does not</source>
        <translation>SentencePiece 删除所有末尾空格；本资产的 HF 式压缩（{trailing}）不会</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="470"/>
        <source>an encode-time option of the HF Tokenizer, not part of a tokenizer asset; dropped</source>
        <translation>这是 HF Tokenizer 编码时的选项，不属于分词器资产；已丢弃</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="496"/>
        <source>no unknown token: a character the vocabulary cannot spell is dropped, as HF does; here each encoding lists such characters in &apos;dropped&apos;</source>
        <translation>没有未知 token：词表拼不出的字符会被丢弃，与 HF 相同；这里每次编码都会在 &apos;dropped&apos; 中列出这些字符</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="499"/>
        <source>BPE: {tokens} tokens, {merges} merges in rank order</source>
        <translation>BPE：{tokens} 个 token，{merges} 次合并按排名排序</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="500"/>
        <source>{count} added tokens with their match options</source>
        <translation>{count} 个附加 token 及其匹配选项</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="501"/>
        <source>WordPiece: {tokens} tokens, max_input_chars_per_word {limit}</source>
        <translation>WordPiece：{tokens} 个 token，max_input_chars_per_word 为 {limit}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="502"/>
        <source>Unigram: {pieces} pieces with scores, unk_id {unk_id}, scores added in double precision as HF does</source>
        <translation>Unigram：{pieces} 个带分数的片段，unk_id 为 {unk_id}，与 HF 一样以双精度累加分数</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="508"/>
        <source>vocabulary {value}</source>
        <translation>词表 {value}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="509"/>
        <source>merges {value}</source>
        <translation>合并 {value}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="510"/>
        <source>pieces {value}</source>
        <translation>片段 {value}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="515"/>
        <source>{count} token(s) no merge builds any more are still given for a pre-token that is exactly the token (whole pre-tokens are looked up first)</source>
        <translation>{count} 个已无合并能构成的 token 仍会用于恰好等于该 token 的预分词（先整体查找预分词）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="518"/>
        <source>a SentencePiece model numbers every piece, so each removed ID keeps a placeholder control piece (&lt;removed_N&gt;), which no text reaches; --compact renumbers instead</source>
        <translation>SentencePiece 模型为每个片段编号，所以每个被删除的 ID 保留一个占位控制片段（&lt;removed_N&gt;），任何文本都不会得到它；--compact（连续重新编号）则改为重新编号</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="522"/>
        <source>the byte-bpe asset is written as a general BPE (kind bpe), as its exports are</source>
        <translation>byte-bpe 资产按通用 BPE（kind bpe）写出，与它的导出一致</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="524"/>
        <source>--continue-on: {merges} new merge(s) (of {asked} asked), {tokens} new token(s); the corpus takes {after} tokens instead of {before}</source>
        <translation>--continue-on：新增 {merges} 条合并（请求 {asked} 条），{tokens} 个新 token；语料现需 {after} 个 token，原为 {before} 个</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="527"/>
        <source>{count} new merge(s) build a token the vocabulary already has, by another pair</source>
        <translation>{count} 条新合并以另一对构成词表中已有的 token</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="529"/>
        <source>{token} is built through {count} new intermediate token(s) ({helpers}); a text holding one of them changes its IDs too</source>
        <translation>{token} 经由 {count} 个新的中间 token（{helpers}）构成；含有其中任一个的文本，其 ID 也会改变</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="531"/>
        <source>each new piece scores just above the best old segmentation of its own text (never below the lowest score): its text alone encodes to it, and a text without it keeps its IDs</source>
        <translation>每个新片段的分数略高于其自身文本在旧模型下的最佳切分（不低于最低分）：单独的该文本会编码为它，不含它的文本保持原有 ID</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="535"/>
        <source>SentencePiece and HF Unigram number every piece, so each removed ID keeps a control piece &lt;removed_N&gt; that the search never takes (HF matches its exact text as a special); --compact renumbers instead</source>
        <translation>SentencePiece 和 HF Unigram 为每个片段编号，所以每个被删除的 ID 保留一个搜索永不选用的控制片段 &lt;removed_N&gt;（HF 把与它完全相同的文本当作特殊 token 匹配）；--compact（连续重新编号）则改为重新编号</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="539"/>
        <source>the lowest normal score changed, so the unknown penalty moved ({old} -&gt; {new}): a text with unknown characters may be cut differently</source>
        <translation>最低的普通分数变了，因此未知字符的惩罚随之改变（{old} -&gt; {new}）：含未知字符的文本可能切分不同</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="542"/>
        <source>--shrink-to without --compact keeps every ID (a removed one as a placeholder line), so the file does not get shorter; --compact renumbers the kept tokens densely</source>
        <translation>不带 --compact 的 --shrink-to 保留每个 ID（被删除的成为占位行），所以文件不会变短；--compact（连续重新编号）会把保留的 token 连续编号</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="545"/>
        <source>vocab.txt does not record which tokens are special: pass the new ones to transformers as additional_special_tokens (a tokenizer.json records them)</source>
        <translation>vocab.txt 不记录哪些 token 是特殊 token：请把新的作为 additional_special_tokens 传给 transformers（tokenizer.json 会记录它们）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="549"/>
        <source>vocab.txt has one line per ID, so each removed ID keeps a placeholder line ([removedN]), which no text reaches; --compact renumbers instead</source>
        <translation>vocab.txt 每个 ID 占一行，所以每个被删除的 ID 保留一个占位行（[removedN]），任何文本都不会得到它；--compact（连续重新编号）则改为重新编号</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="557"/>
        <source>character BPE</source>
        <translation>字符级 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="558"/>
        <source>byte-level BPE</source>
        <translation>字节级 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="559"/>
        <source>BPE</source>
        <translation>BPE</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="560"/>
        <source>BPE with byte fallback</source>
        <translation>带字节回退的 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="561"/>
        <source>WordPiece</source>
        <translation>WordPiece</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="562"/>
        <source>Unigram</source>
        <translation>Unigram</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="563"/>
        <source>Unigram with byte fallback</source>
        <translation>带字节回退的 Unigram</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="572"/>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="601"/>
        <source>internal error: {kind}: {message}</source>
        <translation>内部错误：{kind}：{message}</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="635"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="639"/>
        <source>invalid UTF-8: %1</source>
        <translation>无效的 UTF-8：%1</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="641"/>
        <source> (in token %1, id %2)</source>
        <translation>（在第 %1 个 token 中，ID %2）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="644"/>
        <source> (and %1 more problems)</source>
        <translation>（另有 %1 处问题）</translation>
    </message>
    <message>
        <location filename="../../gui/shell/core_text.py" line="678"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>files</name>
    <message>
        <location filename="../../gui/shell/files.py" line="56"/>
        <source>%1: not recognised as a workspace or tokenizer file; use File → Import tokenizer… to choose its format</source>
        <translation>%1：无法识别为工作区或分词器文件；请用“文件 → 导入分词器…”选择其格式</translation>
    </message>
    <message>
        <location filename="../../gui/shell/files.py" line="63"/>
        <source>Read-only file</source>
        <translation>只读文件</translation>
    </message>
    <message>
        <location filename="../../gui/shell/files.py" line="64"/>
        <source>%1 is read-only. Replace the read-only file anyway?</source>
        <translation>%1 是只读文件。仍要替换这个只读文件吗？</translation>
    </message>
</context>
<context>
    <name>lessons</name>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="20"/>
        <source>In example 19.1, change the count of new from 1 to 2 (low ×2, lower ×1, new ×2). Under the same tie rule, which pair is merged first? Write it as left + right, e.g. l + o.</source>
        <translation>把例 19.1 中 new 的词频从 1 改为 2（low ×2、lower ×1、new ×2）。按原并列规则，第一次合并哪一对？写成 左 + 右，例如 l + o。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="23"/>
        <source>After the original four merges, encode lower. Write its tokens separated by spaces.</source>
        <translation>原来的四次合并完成以后，编码 lower。写出它的 token，用空格分隔。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="25"/>
        <source>Encode lowerz with the WordPiece vocabulary [UNK], low, ##er, new. Write the tokens.</source>
        <translation>用 WordPiece 词表 [UNK]、low、##er、new 编码 lowerz。写出 token。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="27"/>
        <source>How many tokens does the classroom byte tokenizer use for 法国首都是巴黎。? It round-trips exactly: does that prove Chinese is handled well?</source>
        <translation>课堂字节分词器把 法国首都是巴黎。 编成多少个 token？它能精确往返：这能证明中文处理得好吗？</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="29"/>
        <source>A new tokenizer still has 291 entries, but IDs 268 and 270 are swapped. Tick everything that is affected.</source>
        <translation>新分词器仍有 291 项，但交换了 ID 268 与 270。勾选所有受影响的项。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="31"/>
        <source>A generator outputs ID 255. Which byte is that? Write it in hex.</source>
        <translation>生成器输出 ID 255。它表示哪个字节？用十六进制写出。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="35"/>
        <source>w + &lt;/w&gt; occurs twice in low and twice in new, 4 times; l + o and o + w still occur 3 times each. So w + &lt;/w&gt; is merged first. The original first step rested on three counts tied at 3; changing a frequency changes that premise.</source>
        <translation>w + &lt;/w&gt; 在 low 中出现两次，在 new 中也出现两次，共 4 次；l + o、o + w 仍各 3 次。因此先合并 w + &lt;/w&gt;。原来的第一步依据是三个计数都为 3，改变词频就改变了这个前提。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="38"/>
        <source>low is [low&lt;/w&gt;] and lower is [low, er, &lt;/w&gt;]. Encoding replays rules whose ranks are fixed; meeting lower once more does not retrain them. Whether the words were separated by a tab, several spaces or something else was lost before the word records were built.</source>
        <translation>low 为 [low&lt;/w&gt;]，lower 为 [low, er, &lt;/w&gt;]。编码重放排名已经固定的规则，新遇到一次 lower 不会重新训练它们。原词之间是制表符、多个空格还是其他分隔方式，在构造按词记录以前就已经丢了。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="42"/>
        <source>z cannot be matched, so the whole word becomes [UNK]. Keeping [low, ##er, UNK] is another fallback convention, with other IDs and another way back to text; not every WordPiece implementation must pre-process and fall back the same way.</source>
        <translation>z 无法继续匹配，所以整个词返回 [UNK]。保留 [low, ##er, UNK] 是另一套回退约定，会得到不同的 ID 和还原行为；并非所有 WordPiece 实现的预处理与回退规则都必须一致。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="45"/>
        <source>Coverage says the input has a representation; a round trip says it can be restored under the stated normalization; length counts the units this one string needs. Here the Chinese sentence round-trips in 24 byte tokens while a frequent English phrase is compressed; neither compares understanding, which needs a trained model and a controlled evaluation.</source>
        <translation>覆盖能力说明输入有表示方式；往返说明在规定的规范化条件下能够还原；序列长度衡量这条具体字符串用了多少单位。这里中文句子用 24 个字节 token 往返成功，频繁的英文短语则被压缩，两者都不足以比较理解能力，那需要训练好的模型和受控评测。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="50"/>
        <source>Saved datasets and prompts must be re-encoded consistently. To keep the old function, the matching input embedding rows, output vocabulary columns and output biases must be swapped too; special IDs, merge references and the asset identity must agree. The size is still 291, so shape assertions cannot notice the swapped meaning.</source>
        <translation>已保存的数据集和提示需要一致地重新编码。若要保留旧功能，还须交换对应的输入嵌入行、输出词表列及输出偏置；特殊 ID、合并引用和资产身份也必须相互一致。维度仍为 291，所以 shape 断言察觉不到含义被交换。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="54"/>
        <source>It is the byte FF, which on its own is not valid UTF-8, so strict decoding fails. A display fallback may show a replacement character, but the record must keep the raw bytes and token IDs and say that replacement decoding was used; it must not claim the model generated that valid character.</source>
        <translation>它表示字节 FF，单独存在时不是合法 UTF-8，严格解码会失败。显示回退可以给出替代字符，但记录应保留原始字节与 token ID，并说明使用了替代解码，不能声称模型原本生成了那个有效字符。</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="61"/>
        <source>Input embedding rows</source>
        <translation>输入嵌入行</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="62"/>
        <source>Output vocabulary columns</source>
        <translation>输出词表列</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="63"/>
        <source>Output biases</source>
        <translation>输出偏置</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="64"/>
        <source>Stored encoded datasets</source>
        <translation>已保存的编码数据集</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="65"/>
        <source>Saved prompts</source>
        <translation>已保存的提示</translation>
    </message>
    <message>
        <location filename="../../gui/lessons/exercise_text.py" line="66"/>
        <source>Tensor shape checks (they would fail)</source>
        <translation>张量 shape 检查（会失败）</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <location filename="../../gui/trace/models.py" line="47"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="47"/>
        <location filename="../../gui/trace/models.py" line="101"/>
        <source>Pair</source>
        <translation>相邻对</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="48"/>
        <location filename="../../gui/trace/models.py" line="81"/>
        <location filename="../../gui/trace/models.py" line="101"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="48"/>
        <source>Ties</source>
        <translation>并列</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="49"/>
        <source>New symbol</source>
        <translation>新符号</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="61"/>
        <source>initial symbols</source>
        <translation>初始符号</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="74"/>
        <source>Pairs tied at count %1; the %2 rule picked %3.</source>
        <translation>这些相邻对并列于次数 %1；按 %2 规则选中 %3。</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="81"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="82"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="102"/>
        <source>Where</source>
        <translation>出现在哪里</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="73"/>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="73"/>
        <source>What ran</source>
        <translation>执行内容</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="74"/>
        <source>Pieces</source>
        <translation>片段数</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="75"/>
        <source>Aligned with the selection</source>
        <translation>与所选对齐</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="76"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="151"/>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="151"/>
        <location filename="../../gui/pipeline/models.py" line="217"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="152"/>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="152"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="153"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="216"/>
        <source>Byte</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="216"/>
        <source>Printable form</source>
        <translation>可打印形式</translation>
    </message>
</context>
<context>
    <name>pipeline_models</name>
    <message>
        <location filename="../../gui/pipeline/models.py" line="34"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="35"/>
        <source>Normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="36"/>
        <source>Spaces → ▁, prefix</source>
        <translation>空格 → ▁，前缀</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="37"/>
        <source>Prefix space, bytes as characters</source>
        <translation>前缀空格，字节写成字符</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="38"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="39"/>
        <source>Clean text</source>
        <translation>清理文本</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="40"/>
        <source>Space CJK ideographs</source>
        <translation>CJK 汉字两侧加空格</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="41"/>
        <source>Split on whitespace</source>
        <translation>按空白切分</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="42"/>
        <source>Lower-case</source>
        <translation>转小写</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="43"/>
        <source>Strip accents</source>
        <translation>去除重音</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="44"/>
        <source>Split punctuation</source>
        <translation>切分标点</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="45"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="46"/>
        <source>Post-processing</source>
        <translation>后处理</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="47"/>
        <source>Decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="50"/>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="51"/>
        <source>inserted</source>
        <translation>插入</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="52"/>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="53"/>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="54"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="55"/>
        <source>byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="56"/>
        <source>part of a character</source>
        <translation>字符的一部分</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="57"/>
        <source>alignment approximate</source>
        <translation>对齐为近似值</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="100"/>
        <source>none: this tokenizer has no post-processor</source>
        <translation>无：此分词器没有后处理器</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="103"/>
        <source>(offsets trimmed)</source>
        <translation>（偏移已修剪）</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline/models.py" line="106"/>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>timeline</name>
    <message>
        <location filename="../../gui/timeline/texts.py" line="9"/>
        <source>the smallest pair by symbol strings, first then second (Chapter 19)</source>
        <translation>按符号字符串最小的相邻对，先比第一个再比第二个（第 19 章）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="10"/>
        <source>the pair met first in corpus order (Sennrich&apos;s code)</source>
        <translation>按语料顺序最先遇到的相邻对（Sennrich 的代码）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="11"/>
        <source>the pair met first in corpus order (minbpe, tiktoken _educational)</source>
        <translation>按语料顺序最先遇到的相邻对（minbpe、tiktoken _educational）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="12"/>
        <source>the smallest pair of IDs: specials, alphabet by code point, then merges (Hugging Face BpeTrainer)</source>
        <translation>ID 对最小的相邻对：ID 依次为特殊 token、按码点排序的字母表、再按创建顺序的合并结果（Hugging Face BpeTrainer）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="14"/>
        <source>the merged piece with the fewest characters, then the smallest by UTF-8 bytes (SentencePiece BPE)</source>
        <translation>合并结果字符最少的相邻对，再按 UTF-8 字节取最小（SentencePiece BPE）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="16"/>
        <source>the greatest pair by symbol strings (subword-nmt learn_bpe)</source>
        <translation>按符号字符串最大的相邻对（subword-nmt learn_bpe）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="22"/>
        <source>reached the number of merges asked for</source>
        <translation>已达到要求的合并次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="23"/>
        <source>reached the vocabulary size asked for</source>
        <translation>已达到要求的词表大小</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="24"/>
        <source>no pair is left to merge</source>
        <translation>没有可合并的相邻对了</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="25"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/texts.py" line="26"/>
        <source>the corpus has fewer pieces than the vocabulary size asked for</source>
        <translation>语料中的片段少于要求的词表大小</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/char.py" line="20"/>
        <source>Char BPE</source>
        <translation>字符 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="103"/>
        <source>Byte-level BPE</source>
        <translation>字节级 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="109"/>
        <source>WordPiece</source>
        <translation>WordPiece</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="143"/>
        <source>Unigram</source>
        <translation>Unigram</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="44"/>
        <source>No other pair had count %1, so the count alone decides.</source>
        <translation>没有其他相邻对的计数为 %1，仅凭计数即可决定。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="47"/>
        <source>%1 pairs at count %2: %3. The %4 rule picks %5: %6.</source>
        <translation>%1 个相邻对的计数同为 %2：%3。%4 规则选择 %5：%6。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="143"/>
        <source>IDs %1, %2</source>
        <translation>ID %1, %2</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="146"/>
        <source>%1 characters: %2</source>
        <translation>%1 个字符：%2</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="151"/>
        <source>word %1 (%2), position %3</source>
        <translation>第 %1 个词（%2），第 %3 个位置</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="73"/>
        <location filename="../../gui/timeline/models.py" line="200"/>
        <location filename="../../gui/timeline/wordpiece.py" line="71"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="73"/>
        <source>Pair (IDs)</source>
        <translation>词对（ID）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="74"/>
        <source>Pair (hex bytes)</source>
        <translation>词对（十六进制字节）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="74"/>
        <source>Pair (text)</source>
        <translation>词对（文本）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="75"/>
        <source>New ID</source>
        <translation>新 ID</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="76"/>
        <location filename="../../gui/timeline/wordpiece.py" line="75"/>
        <source>Tied pairs</source>
        <translation>并列词对</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="94"/>
        <source>New token: %1</source>
        <translation>新 token：%1</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="200"/>
        <location filename="../../gui/timeline/models.py" line="267"/>
        <location filename="../../gui/timeline/wordpiece.py" line="71"/>
        <source>Pair</source>
        <translation>相邻对</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/byte.py" line="75"/>
        <location filename="../../gui/timeline/models.py" line="201"/>
        <location filename="../../gui/timeline/models.py" line="267"/>
        <location filename="../../gui/timeline/models.py" line="299"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="201"/>
        <source>New symbol</source>
        <translation>新符号</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="202"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="202"/>
        <source>Tie set</source>
        <translation>并列集</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="203"/>
        <source>Other policy</source>
        <translation>另一规则</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="268"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="268"/>
        <source>Tie rule compares</source>
        <translation>并列规则比较的值</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="269"/>
        <source>Where (word × weighted times)</source>
        <translation>出现位置（词 × 加权次数）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="270"/>
        <source>winner</source>
        <translation>胜出</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="270"/>
        <source>tied</source>
        <translation>并列</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="299"/>
        <source>Word or record</source>
        <translation>词或记录</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="300"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/models.py" line="300"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="25"/>
        <source>lexicographic</source>
        <translation>字典序</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="26"/>
        <source>first-seen</source>
        <translation>先出现者</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="27"/>
        <source>minbpe</source>
        <translation>minbpe 规则</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="28"/>
        <source>Hugging Face</source>
        <translation>Hugging Face 规则</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="29"/>
        <source>SentencePiece</source>
        <translation>SentencePiece 规则</translation>
    </message>
    <message>
        <location filename="../../gui/trace/models.py" line="30"/>
        <source>subword-nmt</source>
        <translation>subword-nmt 规则</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="29"/>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="40"/>
        <source>final</source>
        <translation>最终</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="75"/>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="75"/>
        <source>Pieces</source>
        <translation>片段数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="76"/>
        <source>Log-likelihood</source>
        <translation>对数似然</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="76"/>
        <source>Removed</source>
        <translation>删除数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="77"/>
        <source>Pieces removed (loss)</source>
        <translation>删除的片段（损失）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="78"/>
        <source>Sample after the round</source>
        <translation>本轮后的示例文本</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/unigram.py" line="127"/>
        <source>After the last round the lowest-scoring pieces above the target are cut (their loss is not computed), then one more EM step.</source>
        <translation>最后一轮之后，超出目标大小的最低分片段被直接删去（不计算其损失），然后再做一步 EM。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="72"/>
        <source>New piece</source>
        <translation>新片段</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="72"/>
        <source>count(ab)</source>
        <translation>count(ab)</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="73"/>
        <source>count(a)</source>
        <translation>count(a)</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="73"/>
        <source>count(b)</source>
        <translation>count(b)</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="74"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="74"/>
        <source>Runner-up</source>
        <translation>次优词对</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="92"/>
        <source>Runner-up score: %1</source>
        <translation>次优词对得分：%1</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="95"/>
        <source>score = count(ab) / (count(a)·count(b)) = %1 / (%2 × %3)</source>
        <translation>得分 = count(ab) / (count(a)·count(b)) = %1 / (%2 × %3)</translation>
    </message>
    <message>
        <location filename="../../gui/timeline/wordpiece.py" line="99"/>
        <source>Pairs with the same score; the smallest by symbol strings wins: %1</source>
        <translation>得分相同的词对；按符号字符串最小者胜出：%1</translation>
    </message>
</context>
<context>
    <name>workers</name>
    <message>
        <location filename="../../gui/shell/workers.py" line="193"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/shell/workers.py" line="194"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/shell/workers.py" line="315"/>
        <source>The corpus is empty: add words or records first.</source>
        <translation>语料为空：请先添加词或记录。</translation>
    </message>
</context>
</TS>

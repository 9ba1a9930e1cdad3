<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AssetLibraryModel</name>
    <message>
        <location filename="../../gui/asset_manager.py" line="109"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="109"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="110"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="110"/>
        <source>Vocab</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="111"/>
        <source>Merges</source>
        <translation>合并数</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="112"/>
        <source>Interface identity</source>
        <translation>接口标识</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="113"/>
        <source>Full identity</source>
        <translation>完整标识</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="113"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="125"/>
        <source>unsaved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="126"/>
        <source>open: %1</source>
        <translation>已打开：%1</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="128"/>
        <source>cannot load</source>
        <translation>无法加载</translation>
    </message>
</context>
<context>
    <name>AssetManager</name>
    <message>
        <location filename="../../gui/asset_manager.py" line="39"/>
        <source>Tokenizer assets (*.json);;All files (*)</source>
        <translation>分词器资产 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="299"/>
        <source>No folder chosen</source>
        <translation>未选择文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="300"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="301"/>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="302"/>
        <source>Stop scan</source>
        <translation>停止扫描</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="304"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="305"/>
        <source>Add trained model</source>
        <translation>添加已训练模型</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="306"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="307"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="308"/>
        <source>Duplicate</source>
        <translation>复制副本</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="309"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="310"/>
        <source>Make broken copy…</source>
        <translation>制作损坏副本…</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="311"/>
        <source>Swap two IDs: same shapes, other meaning (seed 000, exercise 5)</source>
        <translation>交换两个 ID：形状不变，含义改变（seed 000，练习 5）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="312"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="313"/>
        <source>Use for encoding</source>
        <translation>用于编码</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="314"/>
        <source>Encode and decode with this byte-level asset</source>
        <translation>用此字节级资产进行编码和解码</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="320"/>
        <source>Select two assets (Ctrl+click) to compare them.</source>
        <translation>选择两个资产（Ctrl+单击）进行比较。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="335"/>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="415"/>
        <source>Asset folder</source>
        <translation>资产文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="425"/>
        <source>Choose a folder first.</source>
        <translation>请先选择文件夹。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="432"/>
        <source>Scanned %1 of %2 files</source>
        <translation>已扫描 %1/%2 个文件</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="453"/>
        <source>%1 assets in the folder</source>
        <translation>文件夹中有 %1 个资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="455"/>
        <source>; %1 files could not be read (hover for why)</source>
        <translation>；%1 个文件无法读取（悬停查看原因）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="486"/>
        <source>Select an asset first.</source>
        <translation>请先选择一个资产。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="511"/>
        <source>Open tokenizer assets</source>
        <translation>打开分词器资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="518"/>
        <source>Opened %1 asset(s)</source>
        <translation>已打开 %1 个资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="522"/>
        <source>trained model</source>
        <translation>已训练模型</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="531"/>
        <source>The encode/decode panel takes byte-level assets only.</source>
        <translation>编码/解码面板只接受字节级资产。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="533"/>
        <source>The encode/decode panel now uses %1</source>
        <translation>编码/解码面板现在使用 %1</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="543"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="552"/>
        <source>Save tokenizer asset</source>
        <translation>保存分词器资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="562"/>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="570"/>
        <source>Rename asset</source>
        <translation>重命名资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="570"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="575"/>
        <source>Renamed: the identity did not change, names are metadata.</source>
        <translation>已重命名：标识未改变，名称只是元数据。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="589"/>
        <source>%1 (IDs %2↔%3 swapped)</source>
        <translation>%1（ID %2↔%3 已交换）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="601"/>
        <source>Close asset</source>
        <translation>关闭资产</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="602"/>
        <source>%1 has unsaved changes. Close it anyway?</source>
        <translation>%1 有未保存的更改。仍要关闭吗？</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="621"/>
        <source>Copy interface identity</source>
        <translation>复制接口标识</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="622"/>
        <source>Copy full identity</source>
        <translation>复制完整标识</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="656"/>
        <source>%1: %2 (%3, vocab %4) interface</source>
        <translation>%1：%2（%3，词表 %4）接口</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="664"/>
        <source>Identical: same interface and same provenance. Names, notes, dates and file formatting never change identity.</source>
        <translation>完全相同：接口相同，来源也相同。名称、备注、日期和文件格式从不改变标识。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="667"/>
        <source>Same interface, other provenance: a model sees the same IDs, but the trainer, training data or counts differ.</source>
        <translation>接口相同，来源不同：模型看到的 ID 相同，但训练器、训练数据或计数不同。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="671"/>
        <source>Interface differs although both vocabularies have %1 entries: every shape check passes, yet the IDs do not mean the same thing.</source>
        <translation>接口不同，尽管两个词表都有 %1 项：所有形状检查都能通过，但 ID 的含义不再相同。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="673"/>
        <source>Interface differs and the vocabulary sizes differ (%1 vs %2): shape checks will catch this one.</source>
        <translation>接口不同，词表大小也不同（%1 对 %2）：形状检查会发现这一问题。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="677"/>
        <source>input embedding rows</source>
        <translation>输入嵌入行</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="678"/>
        <source>output vocabulary columns</source>
        <translation>输出词表列</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="679"/>
        <source>output biases</source>
        <translation>输出偏置</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="680"/>
        <source>stored encoded datasets</source>
        <translation>已存储的编码数据集</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="681"/>
        <source>saved prompts</source>
        <translation>已保存的提示词</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="688"/>
        <source>IDs %1 and %2 are swapped: %3 ↔ %4</source>
        <translation>ID %1 与 %2 被交换：%3 ↔ %4</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="691"/>
        <source>IDs renumbered in a cycle: %1</source>
        <translation>ID 被循环重新编号：%1</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="693"/>
        <source>%1 tokens have other IDs</source>
        <translation>%1 个 token 的 ID 不同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="695"/>
        <source>Vocabulary differs: %1 tokens only in B, %2 only in A</source>
        <translation>词表不同：%1 个 token 仅在 B 中，%2 个仅在 A 中</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="698"/>
        <source>Vocabulary size %1 vs %2</source>
        <translation>词表大小 %1 对 %2</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="700"/>
        <source>Same merges in another order: ranks %1 moved</source>
        <translation>合并相同但顺序不同：第 %1 位发生移动</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="703"/>
        <source>%1 merges added from rank %2</source>
        <translation>从第 %2 位起新增 %1 个合并</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="704"/>
        <source>%1 merges removed from rank %2</source>
        <translation>从第 %2 位起删除 %1 个合并</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="707"/>
        <source>Merges differ from rank %1: %2 vs %3</source>
        <translation>合并从第 %1 位起不同：%2 对 %3</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="710"/>
        <source>Merge counts differ at %1 ranks</source>
        <translation>有 %1 个位次的合并计数不同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="713"/>
        <source>%1 differs</source>
        <translation>%1 不同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="717"/>
        <source>No differences: every component has the same hash.</source>
        <translation>没有差异：每个组件的哈希都相同。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="722"/>
        <source>Breaks: %1</source>
        <translation>会破坏：%1</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="725"/>
        <source>(shape checks still pass)</source>
        <translation>（形状检查仍然通过）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="733"/>
        <source>&lt;b&gt;Why the swap is dangerous.&lt;/b&gt; Both tokenizers have %1 entries, so the embedding table, the output matrix and its biases keep their shapes and every shape check passes. But a model trained with A looks up row %2 of its input embedding for %3, and B now sends %4 there; output column %2 and its bias now score the wrong candidate, and likewise for %5. Every stored encoded dataset and saved prompt that contains %2 or %5 now decodes to other text. To migrate, re-encode the data and prompts, or permute embedding rows, output columns and biases together; the special IDs, merge references and the asset identity must agree.</source>
        <translation>&lt;b&gt;为什么交换很危险。&lt;/b&gt;两个分词器都有 %1 项，因此嵌入表、输出矩阵及其偏置的形状都不变，所有形状检查都能通过。但用 A 训练的模型会为 %3 查找输入嵌入的第 %2 行，而 B 现在把 %4 送到那里；输出第 %2 列及其偏置现在给错误的候选打分，%5 也是如此。所有包含 %2 或 %5 的已存储编码数据集和已保存提示词，现在都会解码成别的文本。要迁移，请重新编码数据和提示词，或同时置换嵌入行、输出列和偏置；特殊 ID、合并引用和资产标识必须保持一致。</translation>
    </message>
</context>
<context>
    <name>BehaviourModel</name>
    <message>
        <location filename="../../gui/asset_manager.py" line="186"/>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="186"/>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="187"/>
        <source>IDs in A</source>
        <translation>A 中的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="187"/>
        <source>IDs in B</source>
        <translation>B 中的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="188"/>
        <source>A&apos;s IDs read by B</source>
        <translation>A 的 ID 由 B 读取</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="189"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="190"/>
        <source>same pieces, other IDs</source>
        <translation>片段相同，ID 不同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="191"/>
        <source>other pieces</source>
        <translation>片段不同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="192"/>
        <source>fails in one</source>
        <translation>其中一个失败</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <location filename="../../gui/compare_view.py" line="189"/>
        <source>A word or a sentence</source>
        <translation>一个词或一个句子</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="199"/>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="200"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="211"/>
        <source>Segmentation # (see the table)</source>
        <translation>切分编号（见表格）</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="212"/>
        <source>Times drawn</source>
        <translation>抽中次数</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="222"/>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="224"/>
        <source>Unigram lattice</source>
        <translation>Unigram 网格</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="225"/>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="226"/>
        <source>WordPiece search</source>
        <translation>WordPiece 搜索</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="227"/>
        <source>fastText n-grams</source>
        <translation>fastText n-gram</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="266"/>
        <source>Unigram model:</source>
        <translation>Unigram 模型：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="266"/>
        <source>n-best:</source>
        <translation>n-best：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="281"/>
        <source>alpha:</source>
        <translation>alpha：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="281"/>
        <source>samples:</source>
        <translation>样本数：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="282"/>
        <source>seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="294"/>
        <source>WordPiece model:</source>
        <translation>WordPiece 模型：</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="302"/>
        <source>n from</source>
        <translation>n 从</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="302"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="312"/>
        <source>trained char BPE</source>
        <translation>已训练的字符 BPE</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="315"/>
        <source>encoder</source>
        <translation>编码器</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="347"/>
        <source>cannot encode: %1</source>
        <translation>无法编码：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="349"/>
        <source>%1 characters under %2 tokenizers</source>
        <translation>%1 个字符，%2 个分词器</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="357"/>
        <source>Press Sample to draw segmentations with probability ∝ P^alpha.</source>
        <translation>按“采样”以概率 ∝ P^alpha 抽取切分。</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="366"/>
        <location filename="../../gui/compare_view.py" line="464"/>
        <source>No Unigram model is loaded: open a unigram asset in the Assets tab.</source>
        <translation>未加载 Unigram 模型：请在“资产”标签页中打开一个 unigram 资产。</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="380"/>
        <source>Normalized: %1 — %2 candidate pieces; Viterbi path (green) scores %3</source>
        <translation>规范化后：%1 — %2 个候选片段；Viterbi 路径（绿色）得分 %3</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="385"/>
        <source>(too many to draw; shorten the text to see the lattice)</source>
        <translation>（太多，无法绘制；缩短文本以查看网格）</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="417"/>
        <source>No WordPiece model is loaded: open a wordpiece asset in the Assets tab.</source>
        <translation>未加载 WordPiece 模型：请在“资产”标签页中打开一个 wordpiece 资产。</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="423"/>
        <source>longer than %1 characters → [UNK]</source>
        <translation>超过 %1 个字符 → [UNK]</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="427"/>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="427"/>
        <source>not in vocab</source>
        <translation>不在词表中</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="429"/>
        <source>nothing matches here → whole word [UNK]</source>
        <translation>此处无匹配 → 整词 [UNK]</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="441"/>
        <source>Tokens: %1</source>
        <translation>token：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="443"/>
        <source>BasicTokenizer: %1</source>
        <translation>BasicTokenizer：%1</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="444"/>
        <source>no stage changed the text</source>
        <translation>没有阶段改变文本</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="498"/>
        <source>Sampling… %1 of %2</source>
        <translation>采样中… %1/%2</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="501"/>
        <source>Sampling cancelled.</source>
        <translation>采样已取消。</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="522"/>
        <source>%1 draws, %2 distinct segmentations (alpha %3, seed %4)</source>
        <translation>抽取 %1 次，%2 种不同切分（alpha %3，种子 %4）</translation>
    </message>
</context>
<context>
    <name>ComponentModel</name>
    <message>
        <location filename="../../gui/asset_manager.py" line="150"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="150"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="151"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="151"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="153"/>
        <source>Initial symbols and IDs</source>
        <translation>初始符号与 ID</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="154"/>
        <source>Vocabulary (ID → token)</source>
        <translation>词表（ID → token）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="155"/>
        <source>Merges / segmentation rule</source>
        <translation>合并 / 切分规则</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="156"/>
        <source>Special tokens and IDs</source>
        <translation>特殊 token 与 ID</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="157"/>
        <source>Normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="158"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="159"/>
        <source>Boundary rule</source>
        <translation>边界规则</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="160"/>
        <source>Merge counts (provenance)</source>
        <translation>合并计数（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="161"/>
        <source>Trainer (provenance)</source>
        <translation>训练器（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="162"/>
        <source>Training data (provenance)</source>
        <translation>训练数据（来源）</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="171"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="172"/>
        <source>different</source>
        <translation>不同</translation>
    </message>
</context>
<context>
    <name>CorpusEditor</name>
    <message>
        <location filename="../../gui/corpus_editor.py" line="41"/>
        <source>whitespace</source>
        <translation>空白</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="42"/>
        <source>GPT-2 regex</source>
        <translation>GPT-2 正则</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="43"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="117"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="117"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="118"/>
        <source>Characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="151"/>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="171"/>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="171"/>
        <source>Line ending</source>
        <translation>行尾</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="172"/>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="206"/>
        <source>record %1</source>
        <translation>记录 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="216"/>
        <source>%1: the line ending must be LF, CRLF or none</source>
        <translation>%1：行尾必须是 LF、CRLF 或 none</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="219"/>
        <source>%1: only the last record may have no line ending</source>
        <translation>%1：只有最后一条记录可以没有行尾</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="285"/>
        <source>Word-frequency table</source>
        <translation>词频表</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="286"/>
        <source>Raw records</source>
        <translation>原始记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="290"/>
        <source>Training words:</source>
        <translation>训练词：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="291"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="292"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="293"/>
        <source>Remove selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="294"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="295"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="297"/>
        <source>Filter…</source>
        <translation>筛选…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="308"/>
        <location filename="../../gui/corpus_editor.py" line="469"/>
        <source>new word</source>
        <translation>新词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="312"/>
        <source>new record (kept exactly)</source>
        <translation>新记录（原样保留）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="313"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="317"/>
        <source>Cancel import</source>
        <translation>取消导入</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="322"/>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="373"/>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="375"/>
        <source>Redo %1</source>
        <translation>重做 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="425"/>
        <source>%1 rows · %2 word occurrences · %3 characters · %4 bytes (UTF-8)</source>
        <translation>%1 行 · %2 次词出现 · %3 个字符 · %4 字节（UTF-8）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="428"/>
        <source>%1 records · %2 words · %3 characters · %4 bytes (exact, with line endings)</source>
        <translation>%1 条记录 · %2 个词 · %3 个字符 · %4 字节（精确，含行尾）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="457"/>
        <source>Cannot switch mode: %1</source>
        <translation>无法切换模式：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="461"/>
        <source>Switch corpus mode</source>
        <translation>切换语料模式</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="475"/>
        <source>new record</source>
        <translation>新记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="486"/>
        <source>Add records</source>
        <translation>添加记录</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="499"/>
        <source>Remove %n row(s)</source>
        <translation>
            <numerusform>移除 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="511"/>
        <source>Paste records</source>
        <translation>粘贴记录</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="515"/>
        <source>Nothing pasted: %1</source>
        <translation>未粘贴任何内容：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="523"/>
        <source>Paste words</source>
        <translation>粘贴词</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="536"/>
        <source>Import a text file</source>
        <translation>导入文本文件</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="537"/>
        <source>Text files (*.txt *.tsv *.tab);;All files (*)</source>
        <translation>文本文件 (*.txt *.tsv *.tab);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="558"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="579"/>
        <source>Import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="584"/>
        <source>Import cancelled; the corpus is unchanged.</source>
        <translation>导入已取消；语料未改变。</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="589"/>
        <source>Invalid UTF-8</source>
        <translation>无效的 UTF-8</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="590"/>
        <source>%n line(s) are not valid UTF-8. The first:</source>
        <translation>
            <numerusform>%n 行不是有效的 UTF-8。第一行：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="592"/>
        <source>Skip these lines</source>
        <translation>跳过这些行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="593"/>
        <source>Stop import</source>
        <translation>停止导入</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="603"/>
        <source>Import stopped: %1</source>
        <translation>导入已停止：%1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="609"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="610"/>
        <source>Imported %1.</source>
        <translation>已导入 %1。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/corpus_editor.py" line="612"/>
        <source>Skipped %n line(s) with invalid UTF-8; the first: </source>
        <translation>
            <numerusform>已跳过 %n 行无效 UTF-8；第一行：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EncodePanel</name>
    <message>
        <location filename="../../gui/encode_panel.py" line="124"/>
        <source>Type or paste text to encode</source>
        <translation>输入或粘贴要编码的文本</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="139"/>
        <source>IDs, e.g. 255 or [262, 32, 263]</source>
        <translation>ID，例如 255 或 [262, 32, 263]</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="141"/>
        <source>strict (error)</source>
        <translation>strict（报错）</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="141"/>
        <source>raw (bytes)</source>
        <translation>raw（字节）</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="142"/>
        <source>replace (display fallback)</source>
        <translation>replace（显示替代）</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="144"/>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="145"/>
        <source>Use the IDs above</source>
        <translation>使用上方的 ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="163"/>
        <source>Decode IDs</source>
        <translation>解码 ID</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="167"/>
        <source>Invalid UTF-8:</source>
        <translation>无效 UTF-8：</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="204"/>
        <source>Tokenizer: %1 (vocab %2)</source>
        <translation>分词器：%1（词表 %2）</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="218"/>
        <source>Encoding %1 characters…</source>
        <translation>正在编码 %1 个字符…</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="234"/>
        <source>%1 code points · %2 UTF-8 bytes = %2 base byte tokens · %3 BPE tokens</source>
        <translation>%1 个码点 · %2 个 UTF-8 字节 = %2 个基础字节 token · %3 个 BPE token</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="243"/>
        <source>Normal forms: shown for inputs up to %1 characters.</source>
        <translation>规范化形式：仅对不超过 %1 个字符的输入显示。</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="249"/>
        <source>same as the input</source>
        <translation>与输入相同</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="251"/>
        <source>changes it: %1 code points, %2 bytes</source>
        <translation>会改变：%1 个码点，%2 字节</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="254"/>
        <source>Normal forms (this tokenizer keeps the input exactly): </source>
        <translation>规范化形式（此分词器原样保留输入）：</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="258"/>
        <source>Cannot encode: %1</source>
        <translation>无法编码：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="326"/>
        <source>Cannot read the ID list: %1</source>
        <translation>无法读取 ID 列表：%1</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="330"/>
        <source>ID %1 at position %2 is a special token (%3): it has no bytes.</source>
        <translation>位置 %2 的 ID %1 是特殊 token（%3）：它没有字节。</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="333"/>
        <source>ID %1 at position %2 is outside the vocabulary (0–%3).</source>
        <translation>位置 %2 的 ID %1 超出词表范围（0–%3）。</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="340"/>
        <source>Invalid UTF-8 (policy: strict): %1. Nothing was decoded.</source>
        <translation>无效的 UTF-8（策略：strict）：%1。未解码任何内容。</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="343"/>
        <source>Invalid UTF-8 (policy: raw): %1. Showing the raw bytes.</source>
        <translation>无效的 UTF-8（策略：raw）：%1。显示原始字节。</translation>
    </message>
    <message>
        <location filename="../../gui/encode_panel.py" line="346"/>
        <source>Invalid UTF-8 (policy: replace): %1. U+FFFD is a display fallback, not text these IDs encode.</source>
        <translation>无效的 UTF-8（策略：replace）：%1。U+FFFD 只是显示替代，并非这些 ID 编码的文本。</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../gui/corpus_editor.py" line="234"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="236"/>
        <source>Word table (counted words)</source>
        <translation>词表格（已计数的词）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="237"/>
        <source>Raw records (one per line, exact)</source>
        <translation>原始记录（每行一条，原样）</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="240"/>
        <source>Plain text</source>
        <translation>纯文本</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="241"/>
        <source>word&lt;TAB&gt;count lines</source>
        <translation>词&lt;TAB&gt;次数 行</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="250"/>
        <source>Import as:</source>
        <translation>导入为：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="251"/>
        <source>File format:</source>
        <translation>文件格式：</translation>
    </message>
    <message>
        <location filename="../../gui/corpus_editor.py" line="252"/>
        <source>Pre-tokenization:</source>
        <translation>预分词：</translation>
    </message>
</context>
<context>
    <name>Interop</name>
    <message>
        <location filename="../../gui/interop.py" line="30"/>
        <source>Hugging Face tokenizer.json</source>
        <translation>Hugging Face tokenizer.json</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="31"/>
        <source>tiktoken rank file</source>
        <translation>tiktoken 排名文件</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="32"/>
        <source>SentencePiece .model / .vocab</source>
        <translation>SentencePiece .model / .vocab</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="33"/>
        <source>BERT vocab.txt</source>
        <translation>BERT vocab.txt</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="34"/>
        <source>subword-nmt codes</source>
        <translation>subword-nmt 合并规则文件</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="35"/>
        <source>minbpe .model</source>
        <translation>minbpe .model</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="38"/>
        <source>Kept</source>
        <translation>已保留</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="39"/>
        <source>Not representable</source>
        <translation>无法表示</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="40"/>
        <source>Behaves differently</source>
        <translation>行为不同</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="42"/>
        <source>Tokenizer files (*.json *.model *.vocab *.tiktoken *.txt *.bpe *.codes);;All files (*)</source>
        <translation>分词器文件 (*.json *.model *.vocab *.tiktoken *.txt *.bpe *.codes);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="57"/>
        <location filename="../../gui/interop.py" line="150"/>
        <location filename="../../gui/interop.py" line="157"/>
        <source>Import tokenizer</source>
        <translation>导入分词器</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="63"/>
        <location filename="../../gui/interop.py" line="183"/>
        <location filename="../../gui/interop.py" line="189"/>
        <source>Export tokenizer</source>
        <translation>导出分词器</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="74"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="97"/>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="99"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="105"/>
        <source>Exact: every ID and behaviour is kept.</source>
        <translation>精确：每个 ID 和行为都保留。</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="107"/>
        <source>Not exact: see below.</source>
        <translation>不精确：见下文。</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="151"/>
        <source>Which format is %1?</source>
        <translation>%1 是哪种格式？</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="158"/>
        <source>A rank file does not record its split pattern. Split with:</source>
        <translation>排名文件不记录其切分正则。切分方式：</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="167"/>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="180"/>
        <source>Open or import a tokenizer asset first (the Assets tab lists them).</source>
        <translation>请先打开或导入分词器资产（“资产”标签页列出它们）。</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="183"/>
        <source>Asset:</source>
        <translation>资产：</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="189"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="203"/>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="213"/>
        <source>An import or export is still running.</source>
        <translation>导入或导出仍在进行中。</translation>
    </message>
    <message>
        <location filename="../../gui/interop.py" line="215"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/main_window.py" line="46"/>
        <source>Merge trace</source>
        <translation>合并过程</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="47"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="48"/>
        <source>Merge timeline</source>
        <translation>合并时间线</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="49"/>
        <source>Encode / decode</source>
        <translation>编码 / 解码</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="50"/>
        <source>Assets</source>
        <translation>资产</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="51"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="52"/>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="65"/>
        <location filename="../../gui/main_window.py" line="119"/>
        <source>Subword Studio</source>
        <translation>子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="77"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="78"/>
        <source>&amp;Open workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="79"/>
        <source>&amp;Save workspace</source>
        <translation>保存工作区(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="80"/>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="86"/>
        <source>&amp;Import tokenizer…</source>
        <translation>导入分词器(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="87"/>
        <source>&amp;Export tokenizer…</source>
        <translation>导出分词器(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="92"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="114"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="116"/>
        <source>%1%2 — Subword Studio</source>
        <translation>%1%2 — 子词工作室</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="123"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="124"/>
        <source>Subword Studio workspace (*.json);;All files (*)</source>
        <translation>子词工作室工作区 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="151"/>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="152"/>
        <source>Subword Studio workspace (*.json)</source>
        <translation>子词工作室工作区 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="173"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <location filename="../../gui/main_window.py" line="174"/>
        <source>The last session ended with unsaved work (autosaved in %1). Restore it?</source>
        <translation>上次会话结束时有未保存的工作（已自动保存在 %1）。要恢复吗？</translation>
    </message>
</context>
<context>
    <name>MergeTimeline</name>
    <message>
        <location filename="../../gui/timeline.py" line="78"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="79"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="80"/>
        <source>Retrain on every change</source>
        <translation>每次更改后重新训练</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="85"/>
        <source>◀ Step back</source>
        <translation>◀ 后退一步</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="86"/>
        <location filename="../../gui/timeline.py" line="403"/>
        <source>▶ Play</source>
        <translation>▶ 播放</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="88"/>
        <source>Step forward ▶</source>
        <translation>前进一步 ▶</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="92"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="109"/>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="114"/>
        <source>Merges:</source>
        <translation>合并次数：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="116"/>
        <source>Tie policy:</source>
        <translation>并列规则：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="125"/>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="143"/>
        <source>Selected step</source>
        <translation>所选步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="144"/>
        <source>Plots</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="152"/>
        <source>Sample text:</source>
        <translation>示例文本：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="233"/>
        <source>Training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="239"/>
        <source>Training: merge %1</source>
        <translation>训练中：第 %1 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="244"/>
        <source>Trained %1 merges: %2.</source>
        <translation>已训练 %1 次合并：%2。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="252"/>
        <source>Training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="257"/>
        <source>Training cancelled; the previous result is kept.</source>
        <translation>训练已取消；保留之前的结果。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="266"/>
        <source>The result is out of date: train again.</source>
        <translation>结果已过期：请重新训练。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="277"/>
        <location filename="../../gui/timeline.py" line="281"/>
        <source>record</source>
        <translation>记录</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="280"/>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="309"/>
        <source>%1 and %2 give the same %3 merges.</source>
        <translation>%1 与 %2 给出相同的 %3 次合并。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="314"/>
        <source>The timelines agree on %1 merges and diverge at merge %2: %3 picks %4, %5 picks %6.</source>
        <translation>两条时间线的前 %1 次合并一致，在第 %2 次合并处分歧：%3 选择 %4，%5 选择 %6。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="319"/>
        <source>(The comparison was trained on an older corpus.)</source>
        <translation>（对比结果是在较旧的语料上训练的。）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="342"/>
        <source>Step %1 of %2 · vocabulary %3</source>
        <translation>第 %1/%2 步 · 词表 %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/timeline.py" line="346"/>
        <source>Segmentation after %n merge(s); shaded rows changed at this step.</source>
        <translation>
            <numerusform>%n 次合并后的切分；阴影行在这一步发生了变化。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="358"/>
        <source>Counting pairs before merge %1…</source>
        <translation>正在统计第 %1 次合并之前的相邻对…</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="382"/>
        <source>No pairs are left before merge %1.</source>
        <translation>第 %1 次合并之前已没有相邻对。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="385"/>
        <source>After the last merge, the next would be %1 (count %2).</source>
        <translation>最后一次合并之后，下一个将是 %1（次数 %2）。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="387"/>
        <source>Merge %3: %1 wins with count %2.</source>
        <translation>第 %3 次合并：%1 以次数 %2 胜出。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="389"/>
        <source>%4 pairs tie at that count; the %5 rule picks %6.</source>
        <translation>%4 个相邻对在该次数上并列；%5 规则选择%6。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="391"/>
        <source>No other pair has that count, so the %5 rule is not needed.</source>
        <translation>没有其他相邻对具有该次数，因此无需 %5 规则。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="397"/>
        <source>Warning: the trace recorded %1.</source>
        <translation>警告：过程中记录的是 %1。</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="403"/>
        <source>⏸ Pause</source>
        <translation>⏸ 暂停</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="422"/>
        <source>Use only the first %1 merges:</source>
        <translation>仅使用前 %1 次合并：</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="432"/>
        <source>%1 tokens with %2 merges (%3 with all %4)</source>
        <translation>%2 次合并得到 %1 个 token（全部 %4 次合并为 %3 个）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="446"/>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <location filename="../../gui/timeline.py" line="446"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <location filename="../../gui/pipeline_view.py" line="72"/>
        <source>none, or e.g. &lt;BOS&gt; $A &lt;EOS&gt;</source>
        <translation>无，或例如 &lt;BOS&gt; $A &lt;EOS&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="84"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="100"/>
        <source>Tokenizer:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="102"/>
        <source>Post-processing template:</source>
        <translation>后处理模板：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="105"/>
        <source>Use only the first k merges:</source>
        <translation>只使用前 k 次合并：</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="125"/>
        <source>Stages</source>
        <translation>各阶段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="126"/>
        <source>Base-byte IDs</source>
        <translation>基础字节 ID</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="166"/>
        <source>Encode panel: %1</source>
        <translation>编码面板：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="169"/>
        <source>Trained char-BPE model</source>
        <translation>已训练的字符级 BPE 模型</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="207"/>
        <source>this model has no merges</source>
        <translation>此模型没有合并</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="209"/>
        <source>all %1 merges</source>
        <translation>全部 %1 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="211"/>
        <source>of %1 merges</source>
        <translation>/ 共 %1 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="221"/>
        <source>Raw byte order: byte b has ID %1 + b, as in this project&apos;s byte-level BPE and in minbpe.</source>
        <translation>原始字节顺序：字节 b 的 ID 为 %1 + b，与本项目的字节级 BPE 和 minbpe 相同。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="224"/>
        <source>GPT-2&apos;s printable-first order (tiktoken, HF ByteLevel): the 188 printable bytes come first, spelled as themselves, then the other 68, spelled from U+0100 on. A space is %1, ID %2.</source>
        <translation>GPT-2 的“可打印优先”顺序（tiktoken、HF ByteLevel）：188 个可打印字节排在前面，写作其本身；其余 68 个随后，从 U+0100 起书写。空格写作 %1，ID 为 %2。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="228"/>
        <source>SentencePiece byte pieces &lt;0x00&gt;…&lt;0xFF&gt; at IDs %1–%2, after the meta pieces %3.</source>
        <translation>SentencePiece 字节片段 &lt;0x00&gt;…&lt;0xFF&gt; 位于 ID %1–%2，排在元片段 %3 之后。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="232"/>
        <source>Every byte has a token, in an order that is neither raw nor GPT-2&apos;s.</source>
        <translation>每个字节都有 token，但顺序既不是原始顺序也不是 GPT-2 的顺序。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="235"/>
        <source>Only %1 of the 256 bytes have a token.</source>
        <translation>256 个字节中只有 %1 个有 token。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="236"/>
        <source>No byte tokens: this tokenizer works on characters.</source>
        <translation>没有字节 token：此分词器以字符为单位工作。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="265"/>
        <source>Running the stages…</source>
        <translation>正在运行各阶段…</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="269"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="292"/>
        <source>Cannot run the stages: %1</source>
        <translation>无法运行各阶段：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="313"/>
        <source>Round trip: decoding gives back the input exactly.</source>
        <translation>往返：解码结果与输入完全一致。</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="314"/>
        <source>characters %1</source>
        <translation>字符 %1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="319"/>
        <source>Round trip: decoding gives back the normalized input, not the input: %1</source>
        <translation>往返：解码得到的是规范化后的输入，而不是原始输入：%1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="321"/>
        <source>Lossy: decoding loses %1</source>
        <translation>有损：解码丢失了 %1</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="376"/>
        <source>Selected: characters %1, bytes %2: %3</source>
        <translation>已选：字符 %1，字节 %2：%3</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_view.py" line="388"/>
        <source>Select a piece, or text in the input, to see where it came from.</source>
        <translation>选择一个片段或输入中的文字，查看它来自哪里。</translation>
    </message>
</context>
<context>
    <name>ReportWindow</name>
    <message>
        <location filename="../../gui/interop.py" line="83"/>
        <source>Conversion report</source>
        <translation>转换报告</translation>
    </message>
</context>
<context>
    <name>SwapDialog</name>
    <message>
        <location filename="../../gui/asset_manager.py" line="258"/>
        <source>Make a deliberately broken copy</source>
        <translation>制作故意损坏的副本</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="267"/>
        <source>The copy keeps its size and merges, so every shape check still passes; only what the two IDs mean changes.</source>
        <translation>副本保留原有大小和合并，因此所有形状检查仍会通过；只有这两个 ID 的含义改变。</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="271"/>
        <source>First ID:</source>
        <translation>第一个 ID：</translation>
    </message>
    <message>
        <location filename="../../gui/asset_manager.py" line="272"/>
        <source>Second ID:</source>
        <translation>第二个 ID：</translation>
    </message>
</context>
<context>
    <name>TimelinePlots</name>
    <message>
        <location filename="../../gui/plots.py" line="53"/>
        <source>merge step</source>
        <translation>合并步骤</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="53"/>
        <source>winning pair count</source>
        <translation>胜出相邻对的次数</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="54"/>
        <source>vocabulary size V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="54"/>
        <source>total corpus tokens</source>
        <translation>语料 token 总数</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="55"/>
        <source>average sequence length (tokens)</source>
        <translation>平均序列长度（token）</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="55"/>
        <source>parameters 2·V·C</source>
        <translation>参数量 2·V·C</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="57"/>
        <source>Winning count</source>
        <translation>胜出次数</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="58"/>
        <source>Compression</source>
        <translation>压缩</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="59"/>
        <source>Parameter cost</source>
        <translation>参数开销</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="75"/>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="76"/>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="77"/>
        <source>Data CSV…</source>
        <translation>数据 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="81"/>
        <source>Model width:</source>
        <translation>模型宽度：</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="84"/>
        <source>Export:</source>
        <translation>导出：</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="127"/>
        <source>average sequence length (tokens per %1)</source>
        <translation>平均序列长度（每个%1的 token 数）</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="147"/>
        <source>After %1 merges: V %2 → %3 adds 2×%4×%5 = %6 weights; average length %7 → %8 tokens per %9.</source>
        <translation>%1 次合并后：V %2 → %3，增加 2×%4×%5 = %6 个权重；平均长度 %7 → 每个%9 %8 个 token。</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="198"/>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../gui/plots.py" line="203"/>
        <source>Export plot data</source>
        <translation>导出图表数据</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <location filename="../../gui/token_table.py" line="8"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="9"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="10"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="11"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="12"/>
        <source>Byte span</source>
        <translation>字节范围</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="13"/>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="14"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/token_table.py" line="60"/>
        <source>inside a multi-byte character</source>
        <translation>位于多字节字符内部</translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message>
        <location filename="../../gui/trace_panel.py" line="50"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="60"/>
        <source>Merges:</source>
        <translation>合并次数：</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="62"/>
        <source>Tie policy:</source>
        <translation>并列规则：</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="110"/>
        <source>Result is out of date: train again.</source>
        <translation>结果已过期：请重新训练。</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="128"/>
        <source>Segmentation after step %1 (vocab %2)</source>
        <translation>第 %1 步之后的切分（词表 %2 项）</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="138"/>
        <source>Pair counts after the last merge</source>
        <translation>最后一次合并之后的相邻对计数</translation>
    </message>
    <message>
        <location filename="../../gui/trace_panel.py" line="140"/>
        <source>Pair counts before merge %1 (winner %2, %3 rule)</source>
        <translation>第 %1 次合并之前的相邻对计数（胜出 %2，%3 规则）</translation>
    </message>
</context>
<context>
    <name>commands</name>
    <message>
        <location filename="../../gui/commands.py" line="20"/>
        <source>Rename word</source>
        <translation>重命名词</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="32"/>
        <source>Change count</source>
        <translation>修改次数</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="44"/>
        <source>Add words</source>
        <translation>添加词</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="58"/>
        <source>Remove words</source>
        <translation>移除词</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="72"/>
        <source>Edit record</source>
        <translation>编辑记录</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="84"/>
        <source>Change line ending</source>
        <translation>修改行尾</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="96"/>
        <source>Add records</source>
        <translation>添加记录</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="109"/>
        <source>Remove records</source>
        <translation>移除记录</translation>
    </message>
    <message>
        <location filename="../../gui/commands.py" line="127"/>
        <source>Replace corpus</source>
        <translation>替换语料</translation>
    </message>
</context>
<context>
    <name>compare_view</name>
    <message>
        <location filename="../../gui/compare_view.py" line="93"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="93"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="94"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="94"/>
        <location filename="../../gui/compare_view.py" line="100"/>
        <location filename="../../gui/compare_view.py" line="112"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="98"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="98"/>
        <source>Log-probability</source>
        <translation>对数概率</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="99"/>
        <source>P(segmentation | text)</source>
        <translation>P(切分 | 文本)</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="104"/>
        <source>Start</source>
        <translation>起点</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="104"/>
        <source>End</source>
        <translation>终点</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="105"/>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="105"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="106"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="110"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="110"/>
        <source>Drawn</source>
        <translation>抽中</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="111"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="111"/>
        <source>Exact P^α/Z</source>
        <translation>精确 P^α/Z</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="116"/>
        <location filename="../../gui/compare_view.py" line="121"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="116"/>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="117"/>
        <source>Tried</source>
        <translation>尝试</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="117"/>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="121"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="122"/>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../gui/compare_view.py" line="122"/>
        <source>n-grams (fastText order)</source>
        <translation>n-gram（fastText 顺序）</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <location filename="../../gui/models.py" line="52"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="52"/>
        <location filename="../../gui/models.py" line="103"/>
        <source>Pair</source>
        <translation>相邻对</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="53"/>
        <location filename="../../gui/models.py" line="85"/>
        <location filename="../../gui/models.py" line="103"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="53"/>
        <source>Ties</source>
        <translation>并列</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="54"/>
        <source>New symbol</source>
        <translation>新符号</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="66"/>
        <source>initial symbols</source>
        <translation>初始符号</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="79"/>
        <source>Pairs tied at count %1; the %2 rule picked %3.</source>
        <translation>这些相邻对并列于次数 %1；按 %2 规则选中 %3。</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="85"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="86"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <location filename="../../gui/models.py" line="104"/>
        <source>Where</source>
        <translation>出现在哪里</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="74"/>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="74"/>
        <source>What ran</source>
        <translation>执行内容</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="75"/>
        <source>Pieces</source>
        <translation>片段数</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="76"/>
        <source>Aligned with the selection</source>
        <translation>与所选对齐</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="77"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="146"/>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="146"/>
        <location filename="../../gui/pipeline_models.py" line="211"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="147"/>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="147"/>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="148"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="210"/>
        <source>Byte</source>
        <translation>字节</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="210"/>
        <source>Printable form</source>
        <translation>可打印形式</translation>
    </message>
</context>
<context>
    <name>pipeline_models</name>
    <message>
        <location filename="../../gui/pipeline_models.py" line="32"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="33"/>
        <source>Normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="34"/>
        <source>Spaces → ▁, prefix</source>
        <translation>空格 → ▁，前缀</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="35"/>
        <source>Prefix space, bytes as characters</source>
        <translation>前缀空格，字节写成字符</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="36"/>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="37"/>
        <source>Clean text</source>
        <translation>清理文本</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="38"/>
        <source>Space CJK ideographs</source>
        <translation>CJK 汉字两侧加空格</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="39"/>
        <source>Split on whitespace</source>
        <translation>按空白切分</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="40"/>
        <source>Lower-case</source>
        <translation>转小写</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="41"/>
        <source>Strip accents</source>
        <translation>去除重音</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="42"/>
        <source>Split punctuation</source>
        <translation>切分标点</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="43"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="44"/>
        <source>Post-processing</source>
        <translation>后处理</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="45"/>
        <source>Decoding</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="48"/>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="49"/>
        <source>inserted</source>
        <translation>插入</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="50"/>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="51"/>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="52"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="53"/>
        <source>byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="54"/>
        <source>part of a character</source>
        <translation>字符的一部分</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="55"/>
        <source>alignment approximate</source>
        <translation>对齐为近似值</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="98"/>
        <source>all %1 merges</source>
        <translation>全部 %1 次合并</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="99"/>
        <source>first %1 of %2 merges</source>
        <translation>前 %1 次合并（共 %2 次）</translation>
    </message>
    <message>
        <location filename="../../gui/pipeline_models.py" line="102"/>
        <source>none: the asset stores no template</source>
        <translation>无：资产中没有存储模板</translation>
    </message>
</context>
<context>
    <name>timeline</name>
    <message>
        <location filename="../../gui/timeline_models.py" line="28"/>
        <source>the smallest pair by symbol strings, first then second (seed 000)</source>
        <translation>按符号字符串最小的相邻对，先比第一个再比第二个（seed 000）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="29"/>
        <source>the pair met first in corpus order (Sennrich&apos;s code, minbpe)</source>
        <translation>按语料顺序最先遇到的相邻对（Sennrich 的代码，minbpe）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="30"/>
        <source>the greatest pair by symbol strings (subword-nmt learn_bpe)</source>
        <translation>按符号字符串最大的相邻对（subword-nmt learn_bpe）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="34"/>
        <source>reached the number of merges asked for</source>
        <translation>已达到要求的合并次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="35"/>
        <source>reached the vocabulary size asked for</source>
        <translation>已达到要求的词表大小</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="36"/>
        <source>no pair is left to merge</source>
        <translation>没有可合并的相邻对了</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="37"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="169"/>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="169"/>
        <location filename="../../gui/timeline_models.py" line="236"/>
        <source>Pair</source>
        <translation>相邻对</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="170"/>
        <location filename="../../gui/timeline_models.py" line="236"/>
        <location filename="../../gui/timeline_models.py" line="268"/>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="170"/>
        <source>New symbol</source>
        <translation>新符号</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="171"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="171"/>
        <source>Tie set</source>
        <translation>并列集</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="172"/>
        <source>Other policy</source>
        <translation>另一规则</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="227"/>
        <source>%1 pairs at count %2: %3</source>
        <translation>%1 个相邻对的次数为 %2：%3</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="237"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="237"/>
        <source>Where (word × weighted times)</source>
        <translation>出现位置（词 × 加权次数）</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="238"/>
        <source>winner</source>
        <translation>胜出</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="238"/>
        <source>tied</source>
        <translation>并列</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="268"/>
        <source>Word or record</source>
        <translation>词或记录</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="269"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gui/timeline_models.py" line="269"/>
        <source>Segmentation</source>
        <translation>切分</translation>
    </message>
</context>
<context>
    <name>workers</name>
    <message>
        <location filename="../../gui/workers.py" line="221"/>
        <source>The corpus is empty: add words or records first.</source>
        <translation>语料为空：请先添加词或记录。</translation>
    </message>
</context>
</TS>

"""RowProxy: filter and sort by whole columns, with selections kept on their rows."""

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt

from gui.widgets.row_proxy import RowProxy


class Table(QAbstractTableModel):
    def __init__(self, rows):
        super().__init__()
        self.rows = [list(r) for r in rows]
        self.cell_calls = 0

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else 2

    def data(self, index, role=Qt.DisplayRole):
        self.cell_calls += 1
        if role in (Qt.DisplayRole, Qt.EditRole):
            return self.rows[index.row()][index.column()]
        return None

    def flags(self, index):
        return super().flags(index) | Qt.ItemIsEditable

    def setData(self, index, value, role=Qt.EditRole):
        self.rows[index.row()][index.column()] = value
        self.dataChanged.emit(index, index)
        return True

    def sort_keys(self, column):
        return [r[column] for r in self.rows]

    def filter_texts(self):
        return [r[0] for r in self.rows]

    def insert(self, row, values):
        self.beginInsertRows(QModelIndex(), row, row)
        self.rows.insert(row, list(values))
        self.endInsertRows()

    def remove(self, row):
        self.beginRemoveRows(QModelIndex(), row, row)
        del self.rows[row]
        self.endRemoveRows()


def shown(proxy):
    return [proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]


def make(rows):
    table = Table(rows)
    proxy = RowProxy()
    proxy.setSourceModel(table)
    return table, proxy


def test_filter_is_case_insensitive_and_sort_is_stable_both_ways():
    table, proxy = make([("low", 5), ("Lower", 2), ("new", 2), ("newest", 6), ("slow", 2)])
    proxy.setFilterFixedString("LOW")
    assert shown(proxy) == ["low", "Lower", "slow"]
    proxy.sort(1, Qt.AscendingOrder)
    assert shown(proxy) == ["Lower", "slow", "low"]
    proxy.setFilterFixedString("")
    assert shown(proxy) == ["Lower", "new", "slow", "low", "newest"]  # equal counts keep source order
    proxy.sort(1, Qt.DescendingOrder)
    assert shown(proxy) == ["newest", "low", "Lower", "new", "slow"]
    proxy.sort(-1)
    assert shown(proxy) == ["low", "Lower", "new", "newest", "slow"]


def test_sorting_and_filtering_never_ask_for_cells():
    table, proxy = make([(f"w{i}", i % 7) for i in range(5000)])
    table.cell_calls = 0
    proxy.sort(1, Qt.DescendingOrder)
    proxy.setFilterFixedString("w1")
    assert table.cell_calls == 0
    assert proxy.rowCount() == 1111 and proxy.mapToSource(proxy.index(0, 0)).row() == 13


def test_edits_move_rows_and_persistent_indexes_follow():
    table, proxy = make([("a", 3), ("b", 1), ("c", 2)])
    proxy.sort(1, Qt.AscendingOrder)
    assert shown(proxy) == ["b", "c", "a"]
    selection = QItemSelectionModel(proxy)
    selection.select(proxy.index(0, 0), QItemSelectionModel.Select | QItemSelectionModel.Rows)  # b
    held = QPersistentModelIndex(proxy.index(2, 0))  # a
    assert proxy.setData(proxy.index(0, 1), 9)  # b moves to the end
    assert shown(proxy) == ["c", "a", "b"]
    assert [i.row() for i in selection.selectedRows()] == [2] and held.row() == 1
    table.insert(0, ("d", 0))
    assert shown(proxy) == ["d", "c", "a", "b"] and held.row() == 2
    table.remove(1)  # a, in the source's row 1 after the insert
    assert shown(proxy) == ["d", "c", "b"] and not held.isValid()
    assert [i.row() for i in selection.selectedRows()] == [2]
    proxy.setFilterFixedString("b")
    assert shown(proxy) == ["b"] and [i.row() for i in selection.selectedRows()] == [0]


def test_an_edit_that_filters_its_row_out_hides_it():
    table, proxy = make([("apple", 1), ("apricot", 2)])
    proxy.setFilterFixedString("ap")
    proxy.setData(proxy.index(0, 0), "banana")
    assert shown(proxy) == ["apricot"]
    assert proxy.mapFromSource(table.index(0, 0)) == QModelIndex()

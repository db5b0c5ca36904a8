package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/**
 * The Kotlin runtime's play gates ([PlayGate], in the order [Session.play] runs them)
 * against the list Docs/decision-order.md writes down ("Play gates"), as
 * DecisionOrderTests does for Swift's `PlayGate.allCases` and Web/test/playGate.test.mjs
 * for TypeScript's `PLAY_GATES`.
 */
class PlayGateOrderTest {
    /** Docs/decision-order.md, found from the working directory or from this class's files upward. */
    private fun decisionOrder(): File {
        val starts = listOfNotNull(
            File("").absoluteFile,
            File(PlayGateOrderTest::class.java.protectionDomain.codeSource.location.toURI()))
        for (start in starts) {
            var dir: File? = start
            while (dir != null) {
                val doc = File(dir, "Docs/decision-order.md")
                if (doc.isFile) return doc
                dir = dir.parentFile
            }
        }
        throw AssertionError("Docs/decision-order.md not found above ${starts.joinToString()}")
    }

    /** The numbered lines of the doc's "Play gates" section: (gate id, the line). */
    private fun documentedGates(): List<Pair<String, String>> {
        var inSection = false
        val gates = ArrayList<Pair<String, String>>()
        for (line in decisionOrder().readLines()) {
            if (line.startsWith("## ")) {
                inSection = line.endsWith("Play gates")
                continue
            }
            if (!inSection || line.firstOrNull()?.isDigit() != true) continue
            val dot = line.indexOf('.')
            if (dot < 0 || !line.startsWith(" `", dot + 1)) continue
            val rest = line.substring(dot + 3)
            val close = rest.indexOf('`')
            if (close < 0) continue
            gates.add(Pair(rest.substring(0, close), line))
        }
        return gates
    }

    @Test
    fun theDocListsThePlayGatesInTheSessionsOrder() {
        val documented = documentedGates()
        assertTrue("no play gates found in Docs/decision-order.md", documented.isNotEmpty())
        assertEquals(documented.map { it.first }, PlayGate.ORDER.map { it.id })
        assertEquals(PlayGate.values().toList(), PlayGate.ORDER)
    }

    @Test
    fun theDocNamesEveryReasonOfEachGate() {
        for ((gate, documented) in PlayGate.ORDER.zip(documentedGates())) {
            for (reason in gate.reasons) {
                assertTrue("gate ${gate.id} does not name ${reason.id}", documented.second.contains("`${reason.id}`"))
            }
        }
    }
}

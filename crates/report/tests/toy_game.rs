//! A game the library has never heard of, defined here, goes through the core's drivers (game
//! detection, the default audit, batch, live) and every printer (contract, live lines, batch
//! rows, JSON) untouched: adding a game means implementing the traits and registering it.

use std::sync::Arc;

use fairplay_core::batch::{Batch, Row};
use fairplay_core::{
    ErrorKind, Foul, Game, LogError, Reason, Referee, Registry, Step, Verdict, Words,
};
use fairplay_quartets::{Quartets, Rules};
use fairplay_report::json::{Document, ErrorDocument};
use fairplay_report::rows::{RowFormat, RowWriter, Tally};

/// Coin tosses: every line is `heads` or `tails`; two tails in a row is a foul.
struct Coins;

static WORDS: Words = Words {
    game: "coin",
    action: "flip",
    number: "flip ",
    fair_step: "fair",
    foul_step: "FOUL",
    settled: None,
    fair_end: "no two tails in a row",
    foul_end: "two tails in a row at flip",
    example: "`heads`",
};

fn toss(line: &[u8], number: usize) -> Result<Option<bool>, LogError> {
    match line.trim_ascii() {
        b"" => Ok(None),
        b"heads" => Ok(Some(false)),
        b"tails" => Ok(Some(true)),
        _ => Err(LogError::new(
            ErrorKind::Malformed,
            number,
            None,
            "expected `heads` or `tails`",
        )),
    }
}

struct Tosses {
    last_tails: bool,
    tosses: usize,
    verdict: Verdict,
}

impl Referee for Tosses {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        let Some(tails) = toss(line, number)? else {
            return Ok(None);
        };
        self.tosses += 1;
        let foul = (tails && self.last_tails).then(|| {
            Foul::new(
                self.tosses as u64,
                number,
                Reason::new("two-tails", "tails after tails"),
            )
        });
        self.last_tails = tails;
        if let (Some(foul), Verdict::Fair) = (&foul, &self.verdict) {
            self.verdict = Verdict::Foul(foul.clone());
        }
        Ok(Some(Step::new(self.tosses as u64, number, foul)))
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        Ok(toss(line, number)?.is_some())
    }

    fn actions(&self) -> usize {
        self.tosses
    }

    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
}

impl Game for Coins {
    fn name(&self) -> &'static str {
        "coins"
    }
    fn rules(&self) -> Arc<str> {
        "no two tails in a row".into()
    }
    fn words(&self) -> &'static Words {
        &WORDS
    }
    fn recognises(&self, line: &[u8]) -> bool {
        matches!(toss(line, 0), Ok(Some(_)))
    }
    fn contract(&self, verdict: &Verdict) -> String {
        match verdict {
            Verdict::Fair => "FAIR\n".to_string(),
            Verdict::Foul(foul) => format!("FOUL {}\n", foul.action),
        }
    }
    fn referee(&self) -> Box<dyn Referee + '_> {
        Box::new(Tosses {
            last_tails: false,
            tosses: 0,
            verdict: Verdict::Fair,
        })
    }
}

fn registry() -> Registry {
    let mut games = Registry::new();
    games
        .register(Quartets::new(Rules::standard()))
        .register(Coins);
    games
}

const LOGS: [&str; 5] = [
    "3\nheads\ntails\nheads\n",
    "4\nheads\ntails\ntails\nheads\n",
    "2\nheads\nedge\n",
    "2\n1 A 2 3C no\n2 A 1 3B no\n",
    "3\nheads\nheads\n",
];

fn rows() -> Vec<Row> {
    let games = registry();
    let batch = Batch::new(&games, None).unwrap();
    let mut rows = Vec::new();
    let jobs: Vec<(usize, &str)> = LOGS.iter().copied().enumerate().collect();
    batch
        .run(
            jobs,
            |batch, (index, log)| Row {
                log: format!("log{index}"),
                judged: batch.judge(log.as_bytes(), None),
                bytes: log.len(),
            },
            |row| {
                rows.push(row);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
    rows
}

#[test]
fn detection_and_the_default_audit() {
    let games = registry();
    let coins = games.detect(LOGS[1].as_bytes()).unwrap();
    assert_eq!(coins.name(), "coins");
    let judgement = coins.audit(LOGS[1].as_bytes()).unwrap();
    let foul = judgement.verdict.foul().unwrap();
    assert_eq!((foul.action, foul.line, judgement.actions), (3, 4, 4));
    assert_eq!(coins.contract(&judgement.verdict), "FOUL 3\n");
    assert_eq!(games.detect(LOGS[3].as_bytes()).unwrap().name(), "quartets");
    let Err(neither) = games.detect(b"1\nedge\n") else {
        panic!("`edge` is no game's action")
    };
    assert_eq!(
        neither.to_string(),
        "line 2: cannot tell the game: `edge` is neither a Quartets action (`1 A 2 3C no`, `1 Q 3`) nor a coin flip (`heads`)"
    );
    // The count line is checked by the default audit too.
    let short = coins.audit(LOGS[4].as_bytes()).unwrap_err();
    assert_eq!(
        short.to_string(),
        "line 4: expected 3 flips as line 1 says, found 2"
    );
}

#[test]
fn batch_rows_in_every_format() {
    let rows = rows();
    let verdicts: Vec<&str> = rows
        .iter()
        .map(|r| match &r.judged.result {
            Ok(j) => j.verdict.name(),
            Err(_) => "error",
        })
        .collect();
    assert_eq!(verdicts, ["fair", "foul", "error", "fair", "error"]);

    let mut csv = Vec::new();
    let mut writer = RowWriter::new(RowFormat::Csv, &mut csv).unwrap();
    let mut tally = Tally::default();
    for row in &rows {
        writer.write(row).unwrap();
        tally.add(row);
    }
    writer.finish().unwrap();
    let csv = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "log,game,verdict,action,line,actions,kind,detail");
    assert_eq!(lines[1], "log0,coins,fair,,,3,,");
    assert_eq!(
        lines[2],
        "log1,coins,foul,3,4,4,two-tails,tails after tails"
    );
    assert_eq!(
        lines[3],
        "log2,coins,error,,3,,malformed,line 3: expected `heads` or `tails`"
    );
    assert_eq!(lines[4], "log3,quartets,fair,,,2,,");
    assert!(tally
        .summary(std::time::Duration::from_secs(1), 1)
        .starts_with("5 logs (4 coins, 1 quartets): 2 fair, 1 foul, 2 errors\n"));

    let mut jsonl = Vec::new();
    let mut writer = RowWriter::new(RowFormat::Jsonl, &mut jsonl).unwrap();
    writer.write(&rows[1]).unwrap();
    writer.finish().unwrap();
    assert_eq!(
        String::from_utf8(jsonl).unwrap(),
        r#"{"log":"log1","game":"coins","verdict":"foul","action":3,"line":4,"actions":4,"kind":"two-tails","detail":"tails after tails"}"#.to_string() + "\n"
    );

    let mut table = Vec::new();
    let mut writer = RowWriter::new(RowFormat::Table, &mut table).unwrap();
    writer.write(&rows[0]).unwrap();
    writer.finish().unwrap();
    let table = String::from_utf8(table).unwrap();
    assert_eq!(
        table
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["log0", "coins", "fair", "-", "-", "3", "-", "-"]
    );
}

#[test]
fn live_lines() {
    let input = "2\nheads\ntails\n\nedge\ntails\nheads\n";
    let mut lines = Vec::new();
    let summary = fairplay_core::live::run(&Coins, input.as_bytes(), 4096, |event| {
        lines.push(fairplay_report::live::line(&WORDS, &event));
        Ok(())
    })
    .unwrap();
    assert_eq!(
        lines,
        [
            "count line skipped",
            "flip 1: fair",
            "flip 2: fair",
            "error: line 5: expected `heads` or `tails` (line ignored)",
            "flip 3: FOUL: tails after tails",
            "flip 4: fair",
            "end: 4 flips, two tails in a row at flip 3, 1 line ignored",
        ]
    );
    assert_eq!((summary.actions, summary.ignored), (4, 1));
}

#[test]
fn json_documents() {
    let judgement = Coins.audit(LOGS[1].as_bytes()).unwrap();
    let document = Document::<()>::new(&Coins, &judgement, None).to_json();
    let value: serde_json::Value = serde_json::from_str(&document).unwrap();
    assert_eq!(value["game"], "coins");
    assert_eq!(value["contract"], "FOUL 3\n");
    assert_eq!(value["verdict"]["kind"], "foul");
    assert_eq!(value["verdict"]["reason"]["kind"], "two-tails");
    let error = Coins.audit(LOGS[2].as_bytes()).unwrap_err();
    let document = ErrorDocument::new(Some("coins"), &error).to_json();
    let value: serde_json::Value = serde_json::from_str(&document).unwrap();
    assert_eq!(value["error"]["kind"], "malformed");
    assert_eq!(value["error"]["line"], 3);
}

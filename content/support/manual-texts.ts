import type { ManualLanguage } from '../schema/support';

/**
 * The text of each manual PDF (client/static/manuals/<file>), by language and by the English
 * file's name. Only the generator (`npx tsx scripts/art/manuals/write.ts`, which lays it out with
 * scripts/art/manuals/pdf.ts) and the tests read it; the worker serves the files and lists them
 * from content/support/manuals.ts. Figures are those of docs/spec/content.md §9, the same in
 * every language. English is ASCII; German and French are set in the PDF's standard Latin
 * fonts, Korean and Chinese in the standard CJK fonts viewers supply (docs/decisions/0032).
 */

/** One manual's text: a title, the line under it, and blocks of a heading and its lines. */
export interface ManualText {
  title: string;
  subtitle: string;
  blocks: { heading: string; lines: string[] }[];
}

const CHARGE = 'Charge with the supplied Type-C cable and adapter only. Do not leave the robot charging unattended.';
const APP = 'Install the Robolux app (iOS 13 or later, Android 8 or later), switch the robot on and follow the pairing steps in the app.';
const HELP = 'Help: robolux.com/us/support - support replies within 24 hours. Standard warranty: 2 years.';

const ENGLISH: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: 'Flagship Bumblebee - Quick Start Guide',
    subtitle: 'Collectible car-to-robot with voice control and five programming modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2100mAh, 11.1 V. Full charge in about 120 minutes; standby about 60 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth 5.0 BLE. Keep the phone within 5 metres while pairing.'] },
      {
        heading: '3. Play',
        lines: [
          'Say the wake phrase, then one of 36 voice commands, or convert between car and robot mode from the app.',
          'Five programming modes: manual, block-based, PC, voice-activated and easy.',
        ],
      },
      { heading: '4. Care', lines: ['31 servos and 2500+ components: never force a joint by hand while the robot is powered.', HELP] },
    ],
  },
  'flagship-optimus-prime-user-manual.pdf': {
    title: 'Flagship Optimus Prime - User Manual',
    subtitle: 'Autobot leader with automatic conversion and voice commands',
    blocks: [
      { heading: '1. Charge', lines: ['Two 1200mAh batteries. Charge both before first use.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 4.2.'] },
      { heading: '3. Play', lines: ['27 servos and 60 chips drive 5000+ components; 80+ sound effects and 39 voice commands after the wake phrase.'] },
      { heading: '4. Care', lines: ['Convert on a flat, clear surface at least 1 metre wide.', HELP] },
    ],
  },
  'flagship-megatron-user-manual.pdf': {
    title: 'Flagship Megatron - User Manual',
    subtitle: 'Decepticon leader: robot and tank modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2700mAh, 11.1 V. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      {
        heading: '3. Play',
        lines: [
          '36 servos, 118 chips and 112 LEDs. Walking speed 5 cm/s in robot mode; 10 cm/s on the 4 drive tracks in tank mode.',
          'The cannon fires the 4 supplied soft projectile shells. Never aim at people or animals.',
        ],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'grimlock-g1-flagship-user-manual.pdf': {
    title: 'Grimlock G1 Flagship - User Manual',
    subtitle: 'Dinobot leader: dinosaur and robot modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2500mAh. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      {
        heading: '3. Play',
        lines: ['34 servos and 85 chips; 42 voice commands and 150+ audio lines.', 'Create action sequences in the app and play them back by voice.'],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'elite-optimus-prime-quick-start.pdf': {
    title: 'Elite Optimus Prime - Quick Start Guide',
    subtitle: 'Programmable Autobot leader, works with the AI Base',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP, 'To use the AI Base, place the robot on the base and pair the base in the app.'] },
      { heading: '3. Play', lines: ['Control the robot from the app, by voice, or with programs you build in block-based mode.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'ai-base-quick-start.pdf': {
    title: 'AI Base - Quick Start Guide',
    subtitle: 'The display base that brings your robot to life',
    blocks: [
      { heading: '1. Power', lines: ['Connect the base to the supplied Type-C adapter. The light ring shows that it is ready.'] },
      { heading: '2. Connect', lines: [APP, 'Place a compatible robot on the base; the app recognises it.'] },
      { heading: '3. Use', lines: ['The base speaks with your robot, reacts to voice and shows its moods in light.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: 'Buzz Lightyear - User Manual',
    subtitle: 'Toy Story robot with voice interaction and a content editor',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 1900mAh, 11.1 V. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'WiFi 2.4G plus Bluetooth 5.0: join a 2.4 GHz network for content updates.'] },
      { heading: '3. Play', lines: ['23 servos and 75 chips; 34 voice commands and 200+ audio clips. Make your own scenes in the content editor.'] },
      { heading: '4. Care', lines: ['Open the wings only with the app or by voice. Net weight 1.7 kg.', HELP] },
    ],
  },
  'buzz-lightyear-space-ranger-alpha-quick-start.pdf': {
    title: 'Buzz Lightyear Space Ranger Alpha - Quick Start Guide',
    subtitle: 'Space Ranger Alpha in his space suit',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      { heading: '3. Play', lines: ['Control poses and phrases from the app or by voice.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 and K1 Pro Interstellar Scout - User Manual',
    subtitle: 'Programmable scout robots',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2000mAh. Weight 0.94 kg.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 4.2.'] },
      {
        heading: '3. Play',
        lines: ['17 servos, 40 chips, 1700+ parts. K1: 41 voice commands and 44 actions. K1 Pro: 81 voice commands and 75 actions. 9 dances on both.'],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'optimus-prime-signature-limited-edition-user-manual.pdf': {
    title: 'Optimus Prime Signature Limited Edition - User Manual',
    subtitle: 'Rise of the Beasts, 3,000 units worldwide',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 1650mAh. Use an adapter of 30 W at most, with the Type-C cable.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 5.0.'] },
      { heading: '3. Play', lines: ['21 servo motors, 69 chips and 40+ motion mechanisms; 16 voice commands.'] },
      { heading: '4. Care', lines: ['Keep the certificate and the display plate with the robot. Weight 1.6 kg; 135 x 237 x 423 mm.', HELP] },
    ],
  },
  'bumblebee-g1-performance-quick-start.pdf': {
    title: 'Bumblebee G1 Performance - Quick Start Guide',
    subtitle: 'G1 Bumblebee, beetle and robot',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      { heading: '3. Play', lines: ['Choose a performance in the app and watch Bumblebee act it out.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robolux Robots - Safety and Battery Guide',
    subtitle: 'For every Robolux robot. Read before first use and keep for reference.',
    blocks: [
      { heading: 'Age and supervision', lines: ['Not suitable for children under 8 years: small parts. Adults should supervise charging.'] },
      {
        heading: 'Battery',
        lines: [
          'Lithium batteries: do not open, pierce, heat or short-circuit them. Charge between 5 and 35 degrees C.',
          'Stop using a battery that swells, leaks or gets hot, and contact support.',
        ],
      },
      { heading: 'Use', lines: ['Keep fingers and hair away from joints while the robot moves or converts. Keep away from water.'] },
      { heading: 'Disposal', lines: ['Do not put the robot or its battery in household waste; take them to an electronics collection point.'] },
      { heading: 'Help', lines: [HELP] },
    ],
  },
};

const DE_CHARGE = 'Nur mit dem mitgelieferten USB-C-Kabel und Netzteil laden. Den Roboter beim Laden nicht unbeaufsichtigt lassen.';
const DE_APP = 'Installieren Sie die Robolux-App (ab iOS 13 bzw. Android 8), schalten Sie den Roboter ein und folgen Sie den Kopplungsschritten in der App.';
const DE_HELP = 'Hilfe: robolux.com/de/support – der Support antwortet innerhalb von 24 Stunden. Standardgarantie: 2 Jahre.';

const GERMAN: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: 'Flagship Bumblebee – Schnellstartanleitung',
    subtitle: 'Sammlerroboter vom Auto zum Roboter, mit Sprachsteuerung und fünf Programmiermodi',
    blocks: [
      { heading: '1. Laden', lines: ['Akku: 2100 mAh, 11,1 V. Voll geladen in etwa 120 Minuten; Standby etwa 60 Minuten.', DE_CHARGE] },
      { heading: '2. Verbinden', lines: [DE_APP, 'Bluetooth 5.0 BLE. Halten Sie das Smartphone beim Koppeln in höchstens 5 Metern Abstand.'] },
      {
        heading: '3. Spielen',
        lines: [
          'Sagen Sie das Aktivierungswort und dann einen der 36 Sprachbefehle, oder wechseln Sie in der App zwischen Auto- und Robotermodus.',
          'Fünf Programmiermodi: manuell, blockbasiert, PC, per Sprache und einfach.',
        ],
      },
      { heading: '4. Pflege', lines: ['31 Servos und über 2500 Bauteile: Bewegen Sie nie ein Gelenk von Hand, solange der Roboter eingeschaltet ist.', DE_HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: 'Buzz Lightyear – Bedienungsanleitung',
    subtitle: 'Der Toy-Story-Roboter mit Sprachinteraktion und Content-Editor',
    blocks: [
      { heading: '1. Laden', lines: ['Akku: 1900 mAh, 11,1 V. Voll geladen in etwa 90 Minuten.', DE_CHARGE] },
      { heading: '2. Verbinden', lines: [DE_APP, 'WLAN 2,4 GHz und Bluetooth 5.0: Verbinden Sie Buzz für Inhalts-Updates mit einem 2,4-GHz-Netz.'] },
      { heading: '3. Spielen', lines: ['23 Servos und 75 Chips; 34 Sprachbefehle und über 200 Audioclips. Eigene Szenen gestalten Sie im Content-Editor.'] },
      { heading: '4. Pflege', lines: ['Öffnen Sie die Flügel nur per App oder Sprachbefehl. Nettogewicht 1,7 kg.', DE_HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 und K1 Pro Interstellar Scout – Bedienungsanleitung',
    subtitle: 'Programmierbare Scout-Roboter',
    blocks: [
      { heading: '1. Laden', lines: ['Akku: 2000 mAh. Gewicht 0,94 kg.', DE_CHARGE] },
      { heading: '2. Verbinden', lines: [DE_APP, 'Bluetooth BLE 4.2.'] },
      {
        heading: '3. Spielen',
        lines: ['17 Servos, 40 Chips, über 1700 Teile. K1: 41 Sprachbefehle und 44 Aktionen. K1 Pro: 81 Sprachbefehle und 75 Aktionen. Beide tanzen 9 Tänze.'],
      },
      { heading: '4. Pflege', lines: [DE_HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robolux-Roboter – Sicherheits- und Akkuhinweise',
    subtitle: 'Für alle Robolux-Roboter. Vor dem ersten Gebrauch lesen und aufbewahren.',
    blocks: [
      { heading: 'Alter und Aufsicht', lines: ['Nicht geeignet für Kinder unter 8 Jahren: Kleinteile. Das Laden sollte von Erwachsenen beaufsichtigt werden.'] },
      {
        heading: 'Akku',
        lines: [
          'Lithium-Akkus nicht öffnen, durchstechen, erhitzen oder kurzschließen. Bei 5 bis 35 °C laden.',
          'Einen Akku, der sich aufbläht, ausläuft oder heiß wird, nicht weiter verwenden und den Support kontaktieren.',
        ],
      },
      { heading: 'Gebrauch', lines: ['Finger und Haare von den Gelenken fernhalten, solange sich der Roboter bewegt oder verwandelt. Von Wasser fernhalten.'] },
      { heading: 'Entsorgung', lines: ['Roboter und Akku nicht in den Hausmüll geben, sondern bei einer Sammelstelle für Elektrogeräte abgeben.'] },
      { heading: 'Hilfe', lines: [DE_HELP] },
    ],
  },
};

const FR_CHARGE = 'Rechargez uniquement avec le câble USB-C et l’adaptateur fournis. Ne laissez pas le robot en charge sans surveillance.';
const FR_APP = 'Installez l’application Robolux (iOS 13 ou Android 8 minimum), allumez le robot et suivez les étapes d’appairage dans l’application.';
const FR_HELP = 'Aide : robolux.com/fr/support – le support répond sous 24 heures. Garantie standard : 2 ans.';

const FRENCH: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: 'Flagship Bumblebee – Guide de démarrage rapide',
    subtitle: 'Voiture-robot de collection, à commande vocale, avec cinq modes de programmation',
    blocks: [
      { heading: '1. Recharger', lines: ['Batterie : 2100 mAh, 11,1 V. Charge complète en 120 minutes environ ; veille 60 minutes environ.', FR_CHARGE] },
      { heading: '2. Connecter', lines: [FR_APP, 'Bluetooth 5.0 BLE. Gardez le téléphone à moins de 5 mètres pendant l’appairage.'] },
      {
        heading: '3. Jouer',
        lines: [
          'Prononcez le mot d’activation, puis l’une des 36 commandes vocales, ou passez du mode voiture au mode robot depuis l’application.',
          'Cinq modes de programmation : manuel, par blocs, sur PC, vocal et simplifié.',
        ],
      },
      { heading: '4. Entretien', lines: ['31 servomoteurs et plus de 2500 composants : ne forcez jamais une articulation à la main quand le robot est allumé.', FR_HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: 'Buzz l’Éclair – Manuel d’utilisation',
    subtitle: 'Le robot Toy Story, avec interaction vocale et éditeur de contenu',
    blocks: [
      { heading: '1. Recharger', lines: ['Batterie : 1900 mAh, 11,1 V. Charge complète en 90 minutes environ.', FR_CHARGE] },
      { heading: '2. Connecter', lines: [FR_APP, 'Wi-Fi 2,4 GHz et Bluetooth 5.0 : connectez Buzz à un réseau 2,4 GHz pour les mises à jour de contenu.'] },
      { heading: '3. Jouer', lines: ['23 servomoteurs et 75 puces ; 34 commandes vocales et plus de 200 extraits audio. Créez vos scènes dans l’éditeur de contenu.'] },
      { heading: '4. Entretien', lines: ['N’ouvrez les ailes que depuis l’application ou à la voix. Poids net 1,7 kg.', FR_HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 et K1 Pro Interstellar Scout – Manuel d’utilisation',
    subtitle: 'Robots éclaireurs programmables',
    blocks: [
      { heading: '1. Recharger', lines: ['Batterie : 2000 mAh. Poids 0,94 kg.', FR_CHARGE] },
      { heading: '2. Connecter', lines: [FR_APP, 'Bluetooth BLE 4.2.'] },
      {
        heading: '3. Jouer',
        lines: ['17 servomoteurs, 40 puces, plus de 1700 pièces. K1 : 41 commandes vocales et 44 actions. K1 Pro : 81 commandes vocales et 75 actions. 9 danses pour les deux.'],
      },
      { heading: '4. Entretien', lines: [FR_HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robots Robolux – Guide de sécurité et des batteries',
    subtitle: 'Pour tous les robots Robolux. À lire avant la première utilisation et à conserver.',
    blocks: [
      { heading: 'Âge et surveillance', lines: ['Ne convient pas aux enfants de moins de 8 ans : petites pièces. La charge doit se faire sous la surveillance d’un adulte.'] },
      {
        heading: 'Batterie',
        lines: [
          'Batteries au lithium : ne pas ouvrir, percer, chauffer ni court-circuiter. Recharger entre 5 et 35 °C.',
          'Cessez d’utiliser une batterie qui gonfle, fuit ou chauffe, et contactez le support.',
        ],
      },
      { heading: 'Utilisation', lines: ['Éloignez doigts et cheveux des articulations quand le robot bouge ou se transforme. Tenir à l’écart de l’eau.'] },
      { heading: 'Recyclage', lines: ['Ne jetez ni le robot ni sa batterie avec les ordures ménagères : déposez-les dans un point de collecte des déchets électroniques.'] },
      { heading: 'Aide', lines: [FR_HELP] },
    ],
  },
};

const KO_CHARGE = '동봉된 USB-C 케이블과 어댑터로만 충전하세요. 충전 중인 로봇을 방치하지 마세요.';
const KO_APP = 'Robolux 앱(iOS 13 이상, Android 8 이상)을 설치하고 로봇을 켠 뒤 앱의 페어링 안내를 따르세요.';
const KO_HELP = '도움말: robolux.com/kr/support - 고객 지원팀이 24시간 이내에 답변합니다. 기본 품질 보증: 2년.';

const KOREAN: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: '플래그십 범블비 빠른 시작 가이드',
    subtitle: '음성 제어와 다섯 가지 프로그래밍 모드를 갖춘 자동차 변신 컬렉터블 로봇',
    blocks: [
      { heading: '1. 충전', lines: ['배터리: 2100mAh, 11.1V. 완전 충전까지 약 120분, 대기 시간 약 60분.', KO_CHARGE] },
      { heading: '2. 연결', lines: [KO_APP, 'Bluetooth 5.0 BLE. 페어링하는 동안 휴대폰을 5미터 이내에 두세요.'] },
      {
        heading: '3. 놀이',
        lines: ['호출어를 말한 뒤 36가지 음성 명령 중 하나를 말하거나, 앱에서 자동차 모드와 로봇 모드를 전환하세요.', '다섯 가지 프로그래밍 모드: 수동, 블록, PC, 음성, 간편.'],
      },
      { heading: '4. 관리', lines: ['서보 31개와 부품 2500개 이상: 전원이 켜진 상태에서 관절을 손으로 억지로 움직이지 마세요.', KO_HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: '버즈 라이트이어 사용 설명서',
    subtitle: '음성 인터랙션과 콘텐츠 편집기를 갖춘 토이 스토리 로봇',
    blocks: [
      { heading: '1. 충전', lines: ['배터리: 1900mAh, 11.1V. 완전 충전까지 약 90분.', KO_CHARGE] },
      { heading: '2. 연결', lines: [KO_APP, 'Wi-Fi 2.4GHz와 Bluetooth 5.0: 콘텐츠 업데이트를 받으려면 2.4GHz 네트워크에 연결하세요.'] },
      { heading: '3. 놀이', lines: ['서보 23개, 칩 75개, 음성 명령 34가지, 오디오 클립 200개 이상. 콘텐츠 편집기로 나만의 장면을 만드세요.'] },
      { heading: '4. 관리', lines: ['날개는 앱이나 음성으로만 여세요. 순중량 1.7kg.', KO_HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 및 K1 Pro 인터스텔라 스카우트 사용 설명서',
    subtitle: '프로그래밍할 수 있는 스카우트 로봇',
    blocks: [
      { heading: '1. 충전', lines: ['배터리: 2000mAh. 무게 0.94kg.', KO_CHARGE] },
      { heading: '2. 연결', lines: [KO_APP, 'Bluetooth BLE 4.2.'] },
      { heading: '3. 놀이', lines: ['서보 17개, 칩 40개, 부품 1700개 이상. K1: 음성 명령 41가지, 동작 44가지. K1 Pro: 음성 명령 81가지, 동작 75가지. 두 모델 모두 댄스 9종.'] },
      { heading: '4. 관리', lines: [KO_HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robolux 로봇 안전 및 배터리 안내',
    subtitle: '모든 Robolux 로봇에 해당합니다. 처음 사용하기 전에 읽고 보관하세요.',
    blocks: [
      { heading: '연령과 보호자 감독', lines: ['작은 부품이 있어 8세 미만 어린이에게 적합하지 않습니다. 충전은 보호자가 지켜보는 가운데 하세요.'] },
      {
        heading: '배터리',
        lines: ['리튬 배터리를 열거나, 뚫거나, 가열하거나, 단락시키지 마세요. 5~35°C에서 충전하세요.', '배터리가 부풀거나, 새거나, 뜨거워지면 사용을 멈추고 고객 지원팀에 연락하세요.'],
      },
      { heading: '사용', lines: ['로봇이 움직이거나 변신하는 동안 손가락과 머리카락을 관절에서 멀리하세요. 물에 닿지 않게 하세요.'] },
      { heading: '폐기', lines: ['로봇과 배터리를 생활 쓰레기로 버리지 말고 전자제품 수거함에 배출하세요.'] },
      { heading: '도움말', lines: [KO_HELP] },
    ],
  },
};

const ZH_CHARGE = '请仅使用随附的 Type-C 数据线和适配器充电。充电时请勿让机器人无人看管。';
const ZH_APP = '安装 Robolux 应用（iOS 13 或 Android 8 及以上版本），打开机器人电源，按应用中的配对步骤操作。';
const ZH_HELP = '服务支持：robolux.cn/support，客服团队 24 小时内回复。标准保修：2 年。';

const CHINESE: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: '旗舰版大黄蜂快速入门指南',
    subtitle: '可收藏的跑车变形机器人，支持语音操控和五种编程模式',
    blocks: [
      { heading: '1. 充电', lines: ['电池：2100 mAh，11.1 V。约 120 分钟充满，待机约 60 分钟。', ZH_CHARGE] },
      { heading: '2. 连接', lines: [ZH_APP, '蓝牙 5.0 BLE。配对时请让手机与机器人保持在 5 米以内。'] },
      {
        heading: '3. 玩法',
        lines: ['先说唤醒词，再说出 36 条语音指令中的任意一条，或在应用中切换跑车形态与机器人形态。', '五种编程模式：手动、积木、电脑、语音、快捷。'],
      },
      { heading: '4. 保养', lines: ['31 个舵机、2500+ 个零部件：机器人通电时，切勿用手强行扳动关节。', ZH_HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: '巴斯光年使用说明书',
    subtitle: '支持语音互动和内容编辑器的玩具总动员机器人',
    blocks: [
      { heading: '1. 充电', lines: ['电池：1900 mAh，11.1 V。约 90 分钟充满。', ZH_CHARGE] },
      { heading: '2. 连接', lines: [ZH_APP, 'WiFi 2.4G 与蓝牙 5.0：请连接 2.4 GHz 网络以更新内容。'] },
      { heading: '3. 玩法', lines: ['23 个舵机、75 颗芯片；34 条语音指令、200+ 段音频。可在内容编辑器中创作您自己的场景。'] },
      { heading: '4. 保养', lines: ['请只通过应用或语音打开翅膀。净重 1.7 kg。', ZH_HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 与 K1 Pro 星际侦察兵使用说明书',
    subtitle: '可编程的侦察兵机器人',
    blocks: [
      { heading: '1. 充电', lines: ['电池：2000 mAh。重量 0.94 kg。', ZH_CHARGE] },
      { heading: '2. 连接', lines: [ZH_APP, '蓝牙 BLE 4.2。'] },
      { heading: '3. 玩法', lines: ['17 个舵机、40 颗芯片、1700+ 个零件。K1：41 条语音指令、44 个动作。K1 Pro：81 条语音指令、75 个动作。两款均会跳 9 支舞蹈。'] },
      { heading: '4. 保养', lines: [ZH_HELP] },
    ],
  },
  'optimus-prime-signature-limited-edition-user-manual.pdf': {
    title: '擎天柱签名限量版使用说明书',
    subtitle: '《变形金刚：超能勇士崛起》，全球限量 3,000 台',
    blocks: [
      { heading: '1. 充电', lines: ['电池：1650 mAh。请使用功率不超过 30 W 的适配器和 Type-C 数据线。', ZH_CHARGE] },
      { heading: '2. 连接', lines: [ZH_APP, '蓝牙 BLE 5.0。'] },
      { heading: '3. 玩法', lines: ['21 个舵机、69 颗芯片、40+ 个运动机构；16 条语音指令。'] },
      { heading: '4. 保养', lines: ['请将收藏证书和签名铭牌与机器人一同妥善保管。重量 1.6 kg；尺寸 135 × 237 × 423 mm。', ZH_HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robolux 机器人安全与电池指南',
    subtitle: '适用于所有 Robolux 机器人。首次使用前请阅读并妥善保管。',
    blocks: [
      { heading: '年龄与看护', lines: ['含小零件，不适合 8 岁以下儿童。充电时应有成人看护。'] },
      {
        heading: '电池',
        lines: ['请勿拆开、刺穿、加热锂电池或使其短路。请在 5 至 35 °C 环境下充电。', '电池出现鼓包、漏液或发烫时，请停止使用并联系客服。'],
      },
      { heading: '使用', lines: ['机器人运动或变形时，请让手指和头发远离关节。请远离水源。'] },
      { heading: '废弃处理', lines: ['请勿将机器人或电池当作生活垃圾丢弃，请送至电子产品回收点。'] },
      { heading: '帮助', lines: [ZH_HELP] },
    ],
  },
};

/** Every manual's text, by language and by the English file's name. */
export const MANUAL_TEXTS: Record<ManualLanguage, Record<string, ManualText>> = { en: ENGLISH, de: GERMAN, fr: FRENCH, ko: KOREAN, zh: CHINESE };

/** The footer line of a manual in its language: a quick reference, its update date, where the full documentation is. */
export const MANUAL_FOOTER: Record<ManualLanguage, (updated: string) => string> = {
  // English keeps the ISO date its files have always carried.
  en: (updated) => `Robolux - Quick reference, updated ${updated}. Full documentation in the Robolux app.`,
  de: (updated) => `Robolux – Kurzanleitung, Stand ${longDate('de-DE', updated)}. Die vollständige Dokumentation finden Sie in der Robolux-App.`,
  fr: (updated) => `Robolux – Guide de référence, mis à jour le ${longDate('fr-FR', updated)}. Documentation complète dans l’application Robolux.`,
  ko: (updated) => `Robolux 간편 안내서, ${longDate('ko-KR', updated)} 업데이트. 전체 문서는 Robolux 앱에서 볼 수 있습니다.`,
  zh: (updated) => `Robolux 快速参考，更新于 ${longDate('zh-CN', updated)}。完整文档请见 Robolux 应用。`,
};

function longDate(locale: string, day: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

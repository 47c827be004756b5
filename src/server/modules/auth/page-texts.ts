import { MIN_PASSWORD, RECOMMENDED_PASSWORD } from '../../../domain/auth-inputs.ts';
import { SITE_BASE } from '../../../domain/urls.ts';

/**
 * The texts of the server-rendered auth pages (src/server/modules/auth/pages.ts) in the 13 locales
 * of the site (spec 9; the same locales as src/i18n/locales.ts, which the server layer does not
 * import). A page speaks the language of the site page it was opened from: the locale prefix of its
 * `target` (`/discover/de/…` → German). The error messages of the forms stay English.
 */

/** One locale's texts; `{name}` placeholders are filled by {@link fill}. */
export interface AuthTexts {
  /** BCP 47 tag for `<html lang>`. */
  lang: string;
  back: string;
  show: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  signInTitle: string;
  signInLead: string;
  forgot: string;
  newHere: string;
  signUpTitle: string;
  signUpLead: string;
  haveAccount: string;
  /** {min}, {recommended}. */
  passwordHint: string;
  checkTitle: string;
  /** {email}, {hours}. */
  checkSent: string;
  checkHint: string;
  forgotTitle: string;
  forgotLead: string;
  forgotButton: string;
  remembered: string;
  resetSentTitle: string;
  /** {email}, {minutes}. */
  resetSent: string;
  /** {link}: the link saying `askLink`. */
  resetHint: string;
  askLink: string;
  resetTitle: string;
  resetLead: string;
  newPassword: string;
  saveButton: string;
  backToSignIn: string;
}

const en: AuthTexts = {
  lang: 'en',
  back: 'Back to Discover',
  show: 'Show password',
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  signInTitle: 'Sign in',
  signInLead: 'Sign in to follow accounts, keep collections and manage your spaces.',
  forgot: 'Forgot password?',
  newHere: 'New to Discover?',
  signUpTitle: 'Sign up',
  signUpLead: 'Create your Discover account to save favorites and build collections.',
  haveAccount: 'Already have an account?',
  passwordHint:
    "At least {min} characters; {recommended} or more is better, and a few unrelated words are easy to remember. Common passwords, your name, your email and 'Discover' are not accepted.",
  checkTitle: 'Check your email to continue',
  checkSent: 'We sent a message to {email}. Open the link in it to confirm your address and finish signing up; the link works for {hours} hours.',
  checkHint: 'Nothing after a few minutes? Look in your spam folder. Signing in with your email and password sends a new link.',
  forgotTitle: 'Reset your password',
  forgotLead: 'Enter the email address of your account. We will email you a link to choose a new password.',
  forgotButton: 'Email me a reset link',
  remembered: 'Remembered it?',
  resetSentTitle: 'Check your email',
  resetSent: 'If {email} has a Discover account, we have sent it a link to choose a new password. The link works once, for {minutes} minutes.',
  resetHint: 'Nothing after a few minutes? Look in your spam folder, check the address, or {link}.',
  askLink: 'ask for a new link',
  resetTitle: 'Choose a new password',
  resetLead: 'Choose a new password for your Discover account. Saving it signs you out on every device; then sign in with the new password.',
  newPassword: 'New password',
  saveButton: 'Save new password',
  backToSignIn: 'Back to sign in',
};

/** The texts by locale prefix ('' is English at the site root). */
const TEXTS: Record<string, AuthTexts> = {
  '': en,
  'en-gb': {
    ...en,
    lang: 'en-GB',
    signUpLead: 'Create your Discover account to save favourites and build collections.',
  },
  de: {
    lang: 'de',
    back: 'Zurück zu Discover',
    show: 'Passwort anzeigen',
    email: 'E-Mail',
    password: 'Passwort',
    firstName: 'Vorname',
    lastName: 'Nachname',
    signInTitle: 'Anmelden',
    signInLead: 'Melden Sie sich an, um Konten zu folgen, Sammlungen anzulegen und Ihre Räume zu verwalten.',
    forgot: 'Passwort vergessen?',
    newHere: 'Neu bei Discover?',
    signUpTitle: 'Registrieren',
    signUpLead: 'Erstellen Sie Ihr Discover-Konto, um Favoriten zu speichern und Sammlungen anzulegen.',
    haveAccount: 'Sie haben bereits ein Konto?',
    passwordHint:
      "Mindestens {min} Zeichen; {recommended} oder mehr sind besser, und einige zusammenhanglose Wörter lassen sich leicht merken. Häufige Passwörter, Ihr Name, Ihre E-Mail-Adresse und 'Discover' werden nicht akzeptiert.",
    checkTitle: 'Prüfen Sie Ihr Postfach, um fortzufahren',
    checkSent:
      'Wir haben eine Nachricht an {email} gesendet. Öffnen Sie den Link darin, um Ihre Adresse zu bestätigen und die Registrierung abzuschließen; der Link ist {hours} Stunden gültig.',
    checkHint: 'Nach ein paar Minuten nichts erhalten? Sehen Sie im Spam-Ordner nach. Eine Anmeldung mit E-Mail und Passwort sendet einen neuen Link.',
    forgotTitle: 'Passwort zurücksetzen',
    forgotLead: 'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, um ein neues Passwort zu wählen.',
    forgotButton: 'Link zum Zurücksetzen senden',
    remembered: 'Doch wieder eingefallen?',
    resetSentTitle: 'Prüfen Sie Ihr Postfach',
    resetSent:
      'Wenn {email} ein Discover-Konto hat, haben wir einen Link zum Wählen eines neuen Passworts gesendet. Der Link gilt einmal, {minutes} Minuten lang.',
    resetHint: 'Nach ein paar Minuten nichts erhalten? Sehen Sie im Spam-Ordner nach, prüfen Sie die Adresse oder {link}.',
    askLink: 'fordern Sie einen neuen Link an',
    resetTitle: 'Neues Passwort wählen',
    resetLead:
      'Wählen Sie ein neues Passwort für Ihr Discover-Konto. Beim Speichern werden Sie auf allen Geräten abgemeldet; melden Sie sich dann mit dem neuen Passwort an.',
    newPassword: 'Neues Passwort',
    saveButton: 'Neues Passwort speichern',
    backToSignIn: 'Zurück zur Anmeldung',
  },
  es: {
    lang: 'es',
    back: 'Volver a Discover',
    show: 'Mostrar contraseña',
    email: 'Correo electrónico',
    password: 'Contraseña',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    signInTitle: 'Iniciar sesión',
    signInLead: 'Inicia sesión para seguir cuentas, guardar colecciones y gestionar tus espacios.',
    forgot: '¿Has olvidado la contraseña?',
    newHere: '¿Eres nuevo en Discover?',
    signUpTitle: 'Registrarse',
    signUpLead: 'Crea tu cuenta de Discover para guardar favoritos y crear colecciones.',
    haveAccount: '¿Ya tienes una cuenta?',
    passwordHint:
      "Al menos {min} caracteres; {recommended} o más es mejor, y unas pocas palabras sin relación son fáciles de recordar. No se aceptan contraseñas comunes, tu nombre, tu correo ni 'Discover'.",
    checkTitle: 'Revisa tu correo para continuar',
    checkSent:
      'Hemos enviado un mensaje a {email}. Abre el enlace que contiene para confirmar tu dirección y terminar el registro; el enlace funciona durante {hours} horas.',
    checkHint: '¿No llega nada en unos minutos? Mira en la carpeta de spam. Iniciar sesión con tu correo y contraseña envía un enlace nuevo.',
    forgotTitle: 'Restablecer la contraseña',
    forgotLead: 'Introduce el correo de tu cuenta. Te enviaremos un enlace para elegir una contraseña nueva.',
    forgotButton: 'Enviarme un enlace',
    remembered: '¿Ya la recuerdas?',
    resetSentTitle: 'Revisa tu correo',
    resetSent:
      'Si {email} tiene una cuenta de Discover, le hemos enviado un enlace para elegir una contraseña nueva. El enlace funciona una vez, durante {minutes} minutos.',
    resetHint: '¿No llega nada en unos minutos? Mira en la carpeta de spam, comprueba la dirección o {link}.',
    askLink: 'pide un enlace nuevo',
    resetTitle: 'Elige una contraseña nueva',
    resetLead:
      'Elige una contraseña nueva para tu cuenta de Discover. Al guardarla se cerrará tu sesión en todos los dispositivos; después inicia sesión con la nueva.',
    newPassword: 'Contraseña nueva',
    saveButton: 'Guardar la contraseña nueva',
    backToSignIn: 'Volver a iniciar sesión',
  },
  fr: {
    lang: 'fr',
    back: 'Retour à Discover',
    show: 'Afficher le mot de passe',
    email: 'E-mail',
    password: 'Mot de passe',
    firstName: 'Prénom',
    lastName: 'Nom',
    signInTitle: 'Se connecter',
    signInLead: 'Connectez-vous pour suivre des comptes, garder des collections et gérer vos espaces.',
    forgot: 'Mot de passe oublié ?',
    newHere: 'Nouveau sur Discover ?',
    signUpTitle: 'S’inscrire',
    signUpLead: 'Créez votre compte Discover pour enregistrer des favoris et créer des collections.',
    haveAccount: 'Vous avez déjà un compte ?',
    passwordHint:
      "Au moins {min} caractères ; {recommended} ou plus, c’est mieux, et quelques mots sans rapport se retiennent facilement. Les mots de passe courants, votre nom, votre e-mail et 'Discover' ne sont pas acceptés.",
    checkTitle: 'Consultez vos e-mails pour continuer',
    checkSent:
      'Nous avons envoyé un message à {email}. Ouvrez le lien qu’il contient pour confirmer votre adresse et terminer l’inscription ; le lien est valable {hours} heures.',
    checkHint: 'Rien après quelques minutes ? Regardez dans vos indésirables. Se connecter avec votre e-mail et votre mot de passe envoie un nouveau lien.',
    forgotTitle: 'Réinitialiser votre mot de passe',
    forgotLead: 'Saisissez l’adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    forgotButton: 'M’envoyer un lien',
    remembered: 'Il vous est revenu ?',
    resetSentTitle: 'Consultez vos e-mails',
    resetSent:
      'Si {email} a un compte Discover, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une fois, pendant {minutes} minutes.',
    resetHint: 'Rien après quelques minutes ? Regardez dans vos indésirables, vérifiez l’adresse ou {link}.',
    askLink: 'demandez un nouveau lien',
    resetTitle: 'Choisir un nouveau mot de passe',
    resetLead:
      'Choisissez un nouveau mot de passe pour votre compte Discover. L’enregistrer vous déconnecte de tous les appareils ; connectez-vous ensuite avec le nouveau mot de passe.',
    newPassword: 'Nouveau mot de passe',
    saveButton: 'Enregistrer le mot de passe',
    backToSignIn: 'Retour à la connexion',
  },
  it: {
    lang: 'it',
    back: 'Torna a Discover',
    show: 'Mostra password',
    email: 'E-mail',
    password: 'Password',
    firstName: 'Nome',
    lastName: 'Cognome',
    signInTitle: 'Accedi',
    signInLead: 'Accedi per seguire account, conservare raccolte e gestire i tuoi spazi.',
    forgot: 'Password dimenticata?',
    newHere: 'Nuovo su Discover?',
    signUpTitle: 'Registrati',
    signUpLead: 'Crea il tuo account Discover per salvare i preferiti e creare raccolte.',
    haveAccount: 'Hai già un account?',
    passwordHint:
      "Almeno {min} caratteri; {recommended} o più è meglio, e alcune parole senza relazione sono facili da ricordare. Non sono accettate password comuni, il tuo nome, la tua e-mail e 'Discover'.",
    checkTitle: 'Controlla la tua e-mail per continuare',
    checkSent:
      'Abbiamo inviato un messaggio a {email}. Apri il link che contiene per confermare l’indirizzo e completare la registrazione; il link vale per {hours} ore.',
    checkHint: 'Niente dopo qualche minuto? Guarda nella cartella spam. Accedere con e-mail e password invia un nuovo link.',
    forgotTitle: 'Reimposta la password',
    forgotLead: 'Inserisci l’indirizzo e-mail del tuo account. Ti invieremo un link per scegliere una nuova password.',
    forgotButton: 'Inviami un link',
    remembered: 'Te la sei ricordata?',
    resetSentTitle: 'Controlla la tua e-mail',
    resetSent:
      'Se {email} ha un account Discover, gli abbiamo inviato un link per scegliere una nuova password. Il link funziona una volta, per {minutes} minuti.',
    resetHint: 'Niente dopo qualche minuto? Guarda nella cartella spam, controlla l’indirizzo o {link}.',
    askLink: 'chiedi un nuovo link',
    resetTitle: 'Scegli una nuova password',
    resetLead: 'Scegli una nuova password per il tuo account Discover. Salvandola esci da tutti i dispositivi; poi accedi con la nuova password.',
    newPassword: 'Nuova password',
    saveButton: 'Salva la nuova password',
    backToSignIn: 'Torna all’accesso',
  },
  nl: {
    lang: 'nl',
    back: 'Terug naar Discover',
    show: 'Wachtwoord tonen',
    email: 'E-mail',
    password: 'Wachtwoord',
    firstName: 'Voornaam',
    lastName: 'Achternaam',
    signInTitle: 'Inloggen',
    signInLead: 'Log in om accounts te volgen, collecties te bewaren en je ruimtes te beheren.',
    forgot: 'Wachtwoord vergeten?',
    newHere: 'Nieuw bij Discover?',
    signUpTitle: 'Registreren',
    signUpLead: 'Maak je Discover-account om favorieten te bewaren en collecties te maken.',
    haveAccount: 'Heb je al een account?',
    passwordHint:
      "Minstens {min} tekens; {recommended} of meer is beter, en een paar losse woorden zijn makkelijk te onthouden. Veelgebruikte wachtwoorden, je naam, je e-mail en 'Discover' worden niet geaccepteerd.",
    checkTitle: 'Kijk in je e-mail om verder te gaan',
    checkSent:
      'We hebben een bericht gestuurd naar {email}. Open de link erin om je adres te bevestigen en je registratie af te ronden; de link werkt {hours} uur.',
    checkHint: 'Na een paar minuten nog niets? Kijk in je spammap. Inloggen met je e-mail en wachtwoord stuurt een nieuwe link.',
    forgotTitle: 'Wachtwoord opnieuw instellen',
    forgotLead: 'Vul het e-mailadres van je account in. We mailen je een link om een nieuw wachtwoord te kiezen.',
    forgotButton: 'Stuur me een link',
    remembered: 'Weet je het weer?',
    resetSentTitle: 'Kijk in je e-mail',
    resetSent:
      'Als {email} een Discover-account heeft, hebben we een link gestuurd om een nieuw wachtwoord te kiezen. De link werkt één keer, {minutes} minuten lang.',
    resetHint: 'Na een paar minuten nog niets? Kijk in je spammap, controleer het adres of {link}.',
    askLink: 'vraag een nieuwe link aan',
    resetTitle: 'Kies een nieuw wachtwoord',
    resetLead: 'Kies een nieuw wachtwoord voor je Discover-account. Opslaan meldt je af op alle apparaten; log daarna in met het nieuwe wachtwoord.',
    newPassword: 'Nieuw wachtwoord',
    saveButton: 'Nieuw wachtwoord opslaan',
    backToSignIn: 'Terug naar inloggen',
  },
  pt: {
    lang: 'pt',
    back: 'Voltar ao Discover',
    show: 'Mostrar palavra-passe',
    email: 'E-mail',
    password: 'Palavra-passe',
    firstName: 'Nome próprio',
    lastName: 'Apelido',
    signInTitle: 'Iniciar sessão',
    signInLead: 'Inicie sessão para seguir contas, guardar coleções e gerir os seus espaços.',
    forgot: 'Esqueceu-se da palavra-passe?',
    newHere: 'Novo no Discover?',
    signUpTitle: 'Registar',
    signUpLead: 'Crie a sua conta Discover para guardar favoritos e criar coleções.',
    haveAccount: 'Já tem uma conta?',
    passwordHint:
      "Pelo menos {min} caracteres; {recommended} ou mais é melhor, e algumas palavras sem relação são fáceis de lembrar. Não são aceites palavras-passe comuns, o seu nome, o seu e-mail e 'Discover'.",
    checkTitle: 'Verifique o seu e-mail para continuar',
    checkSent:
      'Enviámos uma mensagem para {email}. Abra a ligação nela para confirmar o endereço e concluir o registo; a ligação funciona durante {hours} horas.',
    checkHint: 'Nada após alguns minutos? Veja a pasta de spam. Iniciar sessão com o e-mail e a palavra-passe envia uma nova ligação.',
    forgotTitle: 'Repor a palavra-passe',
    forgotLead: 'Introduza o e-mail da sua conta. Enviaremos uma ligação para escolher uma nova palavra-passe.',
    forgotButton: 'Enviar-me uma ligação',
    remembered: 'Lembrou-se?',
    resetSentTitle: 'Verifique o seu e-mail',
    resetSent:
      'Se {email} tiver uma conta Discover, enviámos uma ligação para escolher uma nova palavra-passe. A ligação funciona uma vez, durante {minutes} minutos.',
    resetHint: 'Nada após alguns minutos? Veja a pasta de spam, confirme o endereço ou {link}.',
    askLink: 'peça uma nova ligação',
    resetTitle: 'Escolha uma nova palavra-passe',
    resetLead:
      'Escolha uma nova palavra-passe para a sua conta Discover. Guardá-la termina a sessão em todos os dispositivos; depois inicie sessão com a nova.',
    newPassword: 'Nova palavra-passe',
    saveButton: 'Guardar a nova palavra-passe',
    backToSignIn: 'Voltar a iniciar sessão',
  },
  ru: {
    lang: 'ru',
    back: 'Вернуться в Discover',
    show: 'Показать пароль',
    email: 'Эл. почта',
    password: 'Пароль',
    firstName: 'Имя',
    lastName: 'Фамилия',
    signInTitle: 'Вход',
    signInLead: 'Войдите, чтобы подписываться на аккаунты, хранить коллекции и управлять своими пространствами.',
    forgot: 'Забыли пароль?',
    newHere: 'Впервые в Discover?',
    signUpTitle: 'Регистрация',
    signUpLead: 'Создайте аккаунт Discover, чтобы сохранять избранное и собирать коллекции.',
    haveAccount: 'Уже есть аккаунт?',
    passwordHint:
      "Не менее {min} символов; лучше {recommended} или больше, а несколько несвязанных слов легко запомнить. Распространённые пароли, ваше имя, ваш адрес почты и 'Discover' не принимаются.",
    checkTitle: 'Проверьте почту, чтобы продолжить',
    checkSent: 'Мы отправили письмо на {email}. Откройте ссылку в нём, чтобы подтвердить адрес и завершить регистрацию; ссылка действует {hours} ч.',
    checkHint: 'Ничего не пришло за несколько минут? Проверьте папку «Спам». Вход с почтой и паролем отправит новую ссылку.',
    forgotTitle: 'Сброс пароля',
    forgotLead: 'Введите адрес почты вашего аккаунта. Мы пришлём ссылку для выбора нового пароля.',
    forgotButton: 'Прислать ссылку',
    remembered: 'Вспомнили?',
    resetSentTitle: 'Проверьте почту',
    resetSent: 'Если у {email} есть аккаунт Discover, мы отправили ссылку для выбора нового пароля. Ссылка действует один раз, {minutes} мин.',
    resetHint: 'Ничего не пришло за несколько минут? Проверьте папку «Спам», адрес или {link}.',
    askLink: 'запросите новую ссылку',
    resetTitle: 'Новый пароль',
    resetLead: 'Выберите новый пароль для аккаунта Discover. После сохранения вы выйдете на всех устройствах; затем войдите с новым паролем.',
    newPassword: 'Новый пароль',
    saveButton: 'Сохранить пароль',
    backToSignIn: 'Вернуться ко входу',
  },
  ja: {
    lang: 'ja',
    back: 'Discoverに戻る',
    show: 'パスワードを表示',
    email: 'メールアドレス',
    password: 'パスワード',
    firstName: '名',
    lastName: '姓',
    signInTitle: 'ログイン',
    signInLead: 'ログインすると、アカウントのフォロー、コレクションの保存、スペースの管理ができます。',
    forgot: 'パスワードをお忘れですか？',
    newHere: 'Discoverは初めてですか？',
    signUpTitle: '新規登録',
    signUpLead: 'Discoverアカウントを作成して、お気に入りを保存し、コレクションを作りましょう。',
    haveAccount: 'すでにアカウントをお持ちですか？',
    passwordHint:
      "{min}文字以上。{recommended}文字以上を推奨します。関連のない単語をいくつか並べると覚えやすくなります。よく使われるパスワード、お名前、メールアドレス、'Discover'は使えません。",
    checkTitle: 'メールを確認して続けてください',
    checkSent: '{email}宛てにメッセージを送信しました。メール内のリンクを開いてアドレスを確認し、登録を完了してください。リンクの有効期間は{hours}時間です。',
    checkHint: '数分たっても届きませんか？迷惑メールフォルダをご確認ください。メールアドレスとパスワードでログインすると新しいリンクが送信されます。',
    forgotTitle: 'パスワードの再設定',
    forgotLead: 'アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。',
    forgotButton: '再設定リンクを送信',
    remembered: '思い出しましたか？',
    resetSentTitle: 'メールを確認してください',
    resetSent: '{email}にDiscoverアカウントがある場合、新しいパスワードを設定するリンクを送信しました。リンクは{minutes}分間、1回だけ使えます。',
    resetHint: '数分たっても届きませんか？迷惑メールフォルダやアドレスをご確認いただくか、{link}。',
    askLink: '新しいリンクをリクエストしてください',
    resetTitle: '新しいパスワードを設定',
    resetLead:
      'Discoverアカウントの新しいパスワードを設定してください。保存するとすべての端末からログアウトされます。その後、新しいパスワードでログインしてください。',
    newPassword: '新しいパスワード',
    saveButton: '新しいパスワードを保存',
    backToSignIn: 'ログインに戻る',
  },
  ko: {
    lang: 'ko',
    back: 'Discover로 돌아가기',
    show: '비밀번호 표시',
    email: '이메일',
    password: '비밀번호',
    firstName: '이름',
    lastName: '성',
    signInTitle: '로그인',
    signInLead: '로그인하면 계정을 팔로우하고, 컬렉션을 보관하고, 내 공간을 관리할 수 있습니다.',
    forgot: '비밀번호를 잊으셨나요?',
    newHere: 'Discover가 처음이신가요?',
    signUpTitle: '가입하기',
    signUpLead: 'Discover 계정을 만들어 즐겨찾기를 저장하고 컬렉션을 만드세요.',
    haveAccount: '이미 계정이 있으신가요?',
    passwordHint:
      "{min}자 이상이어야 하며 {recommended}자 이상을 권장합니다. 서로 관련 없는 단어 몇 개를 이으면 기억하기 쉽습니다. 흔한 비밀번호, 이름, 이메일, 'Discover'는 사용할 수 없습니다.",
    checkTitle: '계속하려면 이메일을 확인하세요',
    checkSent: '{email}(으)로 메시지를 보냈습니다. 메일의 링크를 열어 주소를 확인하고 가입을 완료하세요. 링크는 {hours}시간 동안 유효합니다.',
    checkHint: '몇 분이 지나도 오지 않나요? 스팸 폴더를 확인하세요. 이메일과 비밀번호로 로그인하면 새 링크가 전송됩니다.',
    forgotTitle: '비밀번호 재설정',
    forgotLead: '계정의 이메일 주소를 입력하세요. 새 비밀번호를 정할 수 있는 링크를 보내 드립니다.',
    forgotButton: '재설정 링크 받기',
    remembered: '기억나셨나요?',
    resetSentTitle: '이메일을 확인하세요',
    resetSent: '{email}에 Discover 계정이 있으면 새 비밀번호를 정하는 링크를 보냈습니다. 링크는 {minutes}분 동안 한 번만 사용할 수 있습니다.',
    resetHint: '몇 분이 지나도 오지 않나요? 스팸 폴더와 주소를 확인하거나 {link}.',
    askLink: '새 링크를 요청하세요',
    resetTitle: '새 비밀번호 정하기',
    resetLead: 'Discover 계정의 새 비밀번호를 정하세요. 저장하면 모든 기기에서 로그아웃되며, 이후 새 비밀번호로 로그인하세요.',
    newPassword: '새 비밀번호',
    saveButton: '새 비밀번호 저장',
    backToSignIn: '로그인으로 돌아가기',
  },
  'zh-cn': {
    lang: 'zh-CN',
    back: '返回 Discover',
    show: '显示密码',
    email: '电子邮件',
    password: '密码',
    firstName: '名',
    lastName: '姓',
    signInTitle: '登录',
    signInLead: '登录后即可关注账户、保存收藏集并管理您的空间。',
    forgot: '忘记密码？',
    newHere: '初次使用 Discover？',
    signUpTitle: '注册',
    signUpLead: '创建 Discover 账户，保存收藏并建立收藏集。',
    haveAccount: '已有账户？',
    passwordHint: "至少 {min} 个字符；建议 {recommended} 个或更多，几个互不相关的词语很容易记住。不接受常见密码、您的姓名、电子邮件地址和 'Discover'。",
    checkTitle: '请查看电子邮件以继续',
    checkSent: '我们已向 {email} 发送了一封邮件。请打开其中的链接确认地址并完成注册；链接在 {hours} 小时内有效。',
    checkHint: '几分钟后仍未收到？请查看垃圾邮件文件夹。使用电子邮件和密码登录会发送新的链接。',
    forgotTitle: '重置密码',
    forgotLead: '请输入您账户的电子邮件地址。我们会发送一个用于设置新密码的链接。',
    forgotButton: '发送重置链接',
    remembered: '想起来了？',
    resetSentTitle: '请查看电子邮件',
    resetSent: '如果 {email} 有 Discover 账户，我们已向其发送设置新密码的链接。该链接可使用一次，有效期 {minutes} 分钟。',
    resetHint: '几分钟后仍未收到？请查看垃圾邮件文件夹、核对地址，或{link}。',
    askLink: '申请新的链接',
    resetTitle: '设置新密码',
    resetLead: '为您的 Discover 账户设置新密码。保存后将在所有设备上退出登录；然后请使用新密码登录。',
    newPassword: '新密码',
    saveButton: '保存新密码',
    backToSignIn: '返回登录',
  },
  'zh-tw': {
    lang: 'zh-TW',
    back: '返回 Discover',
    show: '顯示密碼',
    email: '電子郵件',
    password: '密碼',
    firstName: '名字',
    lastName: '姓氏',
    signInTitle: '登入',
    signInLead: '登入後即可追蹤帳戶、保存收藏集並管理您的空間。',
    forgot: '忘記密碼？',
    newHere: '第一次使用 Discover？',
    signUpTitle: '註冊',
    signUpLead: '建立 Discover 帳戶，儲存最愛並建立收藏集。',
    haveAccount: '已經有帳戶？',
    passwordHint: "至少 {min} 個字元；建議 {recommended} 個以上，幾個互不相關的詞語很容易記住。不接受常見密碼、您的姓名、電子郵件地址和 'Discover'。",
    checkTitle: '請查看電子郵件以繼續',
    checkSent: '我們已寄送一封郵件到 {email}。請開啟其中的連結確認地址並完成註冊；連結在 {hours} 小時內有效。',
    checkHint: '幾分鐘後仍未收到？請查看垃圾郵件資料夾。使用電子郵件和密碼登入會寄送新的連結。',
    forgotTitle: '重設密碼',
    forgotLead: '請輸入您帳戶的電子郵件地址。我們會寄送一個用來設定新密碼的連結。',
    forgotButton: '寄送重設連結',
    remembered: '想起來了？',
    resetSentTitle: '請查看電子郵件',
    resetSent: '如果 {email} 有 Discover 帳戶，我們已寄送設定新密碼的連結。該連結可使用一次，有效期 {minutes} 分鐘。',
    resetHint: '幾分鐘後仍未收到？請查看垃圾郵件資料夾、核對地址，或{link}。',
    askLink: '申請新的連結',
    resetTitle: '設定新密碼',
    resetLead: '為您的 Discover 帳戶設定新密碼。儲存後將在所有裝置上登出；之後請使用新密碼登入。',
    newPassword: '新密碼',
    saveButton: '儲存新密碼',
    backToSignIn: '返回登入',
  },
};

/** The locale prefixes the auth pages speak (every locale of the site). */
export const AUTH_PAGE_PREFIXES = Object.keys(TEXTS);

/** The texts for a page opened from `target` (a site path; its locale prefix picks the language, English otherwise). */
export function authTexts(target: string): AuthTexts {
  const rest = target.startsWith(`${SITE_BASE}/`) ? target.slice(SITE_BASE.length + 1) : '';
  const prefix = (rest.split(/[/?#]/)[0] ?? '').toLowerCase();
  return (prefix && TEXTS[prefix]) || en;
}

/** A text with its `{name}` placeholders filled (values as given: escape them first when they go into HTML). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all));
}

/** The password policy in the page's language. */
export const passwordHint = (tx: AuthTexts): string => fill(tx.passwordHint, { min: MIN_PASSWORD, recommended: RECOMMENDED_PASSWORD });
